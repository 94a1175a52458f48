import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A collector that discards every export, so the accept bench with `BENCH_TRACING=on` measures only the spans' cost. */
export async function startDiscardingCollector(): Promise<{ url: string; exports(): number; stop(): Promise<void> }> {
  let exports = 0;
  const server = createServer((req, res) => {
    req.on('data', () => undefined);
    req.on('end', () => {
      exports++;
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve, reject) => server.listen(0, '127.0.0.1', resolve).once('error', reject));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exports: () => exports,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
