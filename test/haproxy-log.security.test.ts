import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { haproxyBinary, startHaproxy, type BalancedServers } from '../platform/cluster/haproxy';
import type { Supervised } from '../platform/cluster/supervised';
import { freePort } from '../platform/local/ports';
import { eventually } from './support/eventually';
import { removeDir } from './support/platform';

const haproxy = haproxyBinary(process.env.PATH);
const ROOT = path.resolve(__dirname, '..');

interface Operation {
  parameters?: Array<{ name: string; in: string }>;
}

/**
 * Every API route that takes a credential in its URL, from the contract: a path parameter or a query parameter
 * named like a token; and the dashboard's member-link pages (invitation, password reset, sign-in link).
 */
function urlsWithTokens(secret: (n: number) => string): Array<{ frontend: 'api' | 'dashboard'; url: string; secret: string }> {
  const spec = YAML.parse(readFileSync(path.join(ROOT, 'libs/contracts/openapi.yaml'), 'utf8'));
  const resolve = (p: { $ref?: string; name: string; in: string }) =>
    p.$ref
      ? p.$ref
          .split('/')
          .slice(1)
          .reduce((node: Record<string, unknown>, key) => node[key] as never, spec)
      : p;
  const urls: Array<{ frontend: 'api' | 'dashboard'; url: string; secret: string }> = [];
  for (const [route, item] of Object.entries<Record<string, Operation>>(spec.paths)) {
    for (const operation of Object.values(item)) {
      const params = (operation.parameters ?? []).map(resolve) as Array<{ name: string; in: string }>;
      const tokens = params.filter((p) => /token/i.test(p.name) && (p.in === 'path' || p.in === 'query'));
      if (!tokens.length) continue;
      const value = secret(urls.length);
      let url = route.replace(/\{([^}]+)\}/g, (_, name: string) => (tokens.some((t) => t.name === name) ? value : 'x'));
      const query = tokens.filter((t) => t.in === 'query').map((t) => `${t.name}=${value}`);
      if (query.length) url += `?${query.join('&')}`;
      urls.push({ frontend: 'api', url, secret: value });
    }
  }
  for (const page of ['/accept-invitation', '/reset-password', '/sign-in/link']) {
    const value = secret(urls.length);
    urls.push({ frontend: 'dashboard', url: `${page}?token=${value}`, secret: value });
  }
  return urls;
}

// Issue #39: HAProxy logged whole request lines, and with them the tokens of invitation, reset, sign-in and
// unsubscribe links (in the query) and of tracking links (in the path).
(haproxy ? describe : describe.skip)('ops/haproxy/haproxy.cfg, its access log', () => {
  let dir: string;
  let backend: Server;
  let balancer: Supervised;
  const binds: Record<string, number> = {};
  const children = new Set<ChildProcess>();
  const logFile = () => path.join(dir, 'haproxy.log');

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mailplane-haproxy-log-'));
    backend = createServer((_, res) => res.end('ok'));
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    const port = (backend.address() as AddressInfo).port;
    // Every server of the file is this one server, on every port its checks name.
    const one = (address: string, checked?: string) => [{ [address]: port, ...(checked ? { [checked]: port } : {}) }];
    const servers: BalancedServers = {
      'gateway:3000': one('gateway:3000'),
      'gateway:3001': one('gateway:3001', 'gateway:3000'),
      'dashboard:3100': one('dashboard:3100'),
      'mail:2525': one('mail:2525'),
      'mail:2526': one('mail:2526', 'mail:9400'),
      'submission:2587': one('submission:2587', 'submission:9400'),
      'submission:2465': one('submission:2465', 'submission:9400'),
    };
    for (const name of ['API', 'ADMIN', 'BOUNCES', 'DASHBOARD', 'SUBMISSION', 'SUBMISSIONS', 'INBOUND', 'MONITOR'])
      binds[name] = await freePort();
    balancer = await startHaproxy({
      binary: haproxy!,
      configFile: path.join(dir, 'haproxy.cfg'),
      servers,
      binds: Object.fromEntries(Object.entries(binds).map(([name, p]) => [`${name}_BIND`, `127.0.0.1:${p}`])),
      monitorUrl: `http://127.0.0.1:${binds.MONITOR}/healthz`,
      logFile: logFile(),
      env: process.env,
      say: () => undefined,
      children,
    });
  }, 30_000);
  afterAll(async () => {
    await balancer?.stop();
    await new Promise((resolve) => backend?.close(resolve));
    removeDir(dir);
  });

  it('when links with tokens (tracking, unsubscribe, invitation, reset, sign-in) pass through it, then each request is logged with its method and path, and no token', async () => {
    const urls = urlsWithTokens((n) => `SECRET${n}x${Math.random().toString(36).slice(2)}`);
    expect(urls.map((u) => u.url.split('?')[0])).toEqual(
      expect.arrayContaining(['/unsubscribe', expect.stringMatching(/^\/track\/click\//), expect.stringMatching(/^\/track\/open\//)]),
    );
    for (const { frontend, url } of urls) {
      const port = frontend === 'api' ? binds.API : binds.DASHBOARD;
      await (await fetch(`http://127.0.0.1:${port}${url}`)).text();
    }
    const requestLines = () => readFileSync(logFile(), 'utf8').match(/"GET [^"]*"/g) ?? [];
    await eventually(() => requestLines().length >= urls.length, 'a log line per request', 10_000);
    const log = readFileSync(logFile(), 'utf8');
    expect(urls.filter((u) => log.includes(u.secret)).map((u) => u.url)).toEqual([]);
    expect(requestLines()).toEqual(
      expect.arrayContaining(['"GET /unsubscribe HTTP/1.1"', '"GET /track/click/- HTTP/1.1"', '"GET /accept-invitation HTTP/1.1"']),
    );
  });
});
