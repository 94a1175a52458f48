import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { burst } from '../../../test/support/burst';
import { paceRequests } from '../src/entry-points/paced-requests';

const nameOf = (req: IncomingMessage) => `${req.url}#${req.headers['x-n'] ?? ''}`;

/** A server whose requests go through `paceRequests`; records the order they were read and started in. */
async function pacedServer(perTurn: number) {
  const server: Server = createServer();
  const read: string[] = [];
  const started: string[] = [];
  const slices: number[] = [];
  let inSlice = 0;
  server.prependListener('request', (req: IncomingMessage) => {
    read.push(nameOf(req));
    // A client that hangs up after its request was read, while it waits for its turn.
    if (req.url!.startsWith('/hangs-up')) req.socket.destroy();
  });
  paceRequests(
    server,
    (req: IncomingMessage, res: ServerResponse) => {
      started.push(nameOf(req));
      // Starts of one slice run back to back; the microtask after them closes the count.
      if (inSlice++ === 0) queueMicrotask(() => (slices.push(inSlice), (inSlice = 0)));
      res.end('ok');
    },
    perTurn,
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, read, started, slices, stop: () => new Promise((resolve) => server.close(resolve)) };
}

describe('the gateway paces the requests it starts', () => {
  it('when 100 requests arrive at once, then each is started once, in the order read, at most a slice per turn', async () => {
    const paced = await pacedServer(4);
    const answers = await burst(
      paced.url,
      'k',
      100,
      (i) => ({ i }),
      (i) => ({ 'x-n': String(i) }),
    );
    await paced.stop();

    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(paced.started).toEqual(paced.read);
    expect(new Set(paced.started).size).toBe(100);
    expect(Math.max(...paced.slices)).toBeLessThanOrEqual(4);
  });

  it('when a client hangs up while its request waits, then it is never started and the others are', async () => {
    const paced = await pacedServer(4);
    const answers = await Promise.all([
      burst(paced.url, 'k', 10, (i) => ({ i })),
      fetch(`${paced.url}/hangs-up`, { method: 'POST' }).catch(() => null),
    ]);
    await paced.stop();

    expect(paced.read).toContain('/hangs-up#');
    expect(paced.started).not.toContain('/hangs-up#');
    expect(answers[0].map((a) => a.status)).toEqual(answers[0].map(() => 200));
  });
});
