// The tracking bench's baseline: a bare node:http server checking the token's HMAC-SHA256 as the platform's redirect does,
// answering 302, in a process of its own. `npx tsx bench/redirect-baseline-server.ts`
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const KEY = 'bench-redirect-baseline-key';
const sign = (url: string) => createHmac('sha256', KEY).update(url).digest().subarray(0, 16).toString('base64url');
/** A token the server takes: the URL in base64url, then its MAC. */
export const baselineToken = (url: string) => `${Buffer.from(url).toString('base64url')}.${sign(url)}`;

if (require.main === module) {
  const server = createServer((req, res) => {
    const [encoded, mac] = (req.url ?? '').split('/').pop()!.split('.');
    const url = Buffer.from(encoded ?? '', 'base64url').toString('utf8');
    const given = Buffer.from(mac ?? '', 'base64url');
    const expected = Buffer.from(sign(url), 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return void res.writeHead(400).end();
    res.writeHead(302, { location: url, 'cache-control': 'no-store' }).end();
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`baseline listening at http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
  });
  process.once('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}
