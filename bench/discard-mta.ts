import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** An MTA that discards every message, so receiving (parsing, DKIM checks) takes no CPU from the accept path. */
export async function startDiscardingMta(): Promise<{ port: number; received(): number; stop(): Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 250,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => server.listen(0, '127.0.0.1', resolve).once('error', reject));
  const { port } = server.server.address() as AddressInfo;
  return { port, received: () => received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
