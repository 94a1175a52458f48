import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';

export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** Stands in for a tenant's application: records each POST and answers with the next queued status (else 200). */
export interface WebhookReceiver {
  url: string;
  received: ReceivedHook[];
  answerNext(status: number, headers?: Record<string, string>, times?: number, body?: string): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedHook[]>;
  stop(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  const answers: { status: number; headers: Record<string, string>; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const answer = answers.shift() ?? { status: 200, headers: {}, body: '' };
      res.writeHead(answer.status, answer.headers).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answerNext(status, headers = {}, times = 1, body = '') {
      for (let i = 0; i < times; i++) answers.push({ status, headers, body });
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhook deliveries, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received.slice(0, count);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A tenant's endpoint as a tarpit: accepts every connection and never answers; counts how many it holds at once. */
export interface Tarpit {
  url: string;
  /** Connections accepted so far, and the most it held open at once. */
  accepted: number;
  mostHeld: number;
  stop(): Promise<void>;
}

export async function startTarpit(): Promise<Tarpit> {
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    sockets.add(socket);
    tarpit.accepted++;
    tarpit.mostHeld = Math.max(tarpit.mostHeld, sockets.size);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const tarpit: Tarpit = {
    url: `http://127.0.0.1:${port}/hooks`,
    accepted: 0,
    mostHeld: 0,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return tarpit;
}
