/**
 * The accept path under a burst: N sends fired at once (one connection each, default 1000) against the embedded
 * default and the distributed mode (each in processes of their own), with /healthz and a 404 timed from the same
 * moment. `npx tsx bench/accept-burst.ts [N]`; BENCH_MODES=embedded,distributed. See BENCHMARKS.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import { burst, countByStatus, type SendAnswer } from '../test/support/burst';
import { BANNER_API_KEY, spawnEmbedded, spawnService, type ServiceProcess } from '../test/support/processes';
import { startPrivateRabbit, type PrivateRabbit } from '../test/support/rabbitmq';
import { ADMIN_TOKEN, UNLIMITED, jsonClient, tenantWithIdentity } from './common';
import { startVerifyingSink } from './sink';
import { benchConfig } from './config';

const pct = (sorted: number[], p: number) =>
  sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]) : NaN;

async function fire(url: string, key: string, from: string, n: number) {
  const started = performance.now();
  const sends = burst(url, key, n, (i) => ({ from, to: `r${i}@example.org`, subject: `burst ${i}`, text: 'x' }));
  const timed = (p: string) =>
    request(url)
      .get(p)
      .then(() => Math.round(performance.now() - started));
  const [health, notFound] = await Promise.all([timed('/healthz'), timed('/no-such-route')]);
  const answers = await sends;
  const ms = (filter: (a: SendAnswer) => boolean) =>
    answers
      .filter(filter)
      .map((a) => a.ms)
      .sort((a, b) => a - b);
  const ok = ms((a) => a.status === 202);
  const refused = ms((a) => a.status !== 202);
  return {
    statuses: countByStatus(answers),
    seconds: ((performance.now() - started) / 1000).toFixed(2),
    accepted: `p50 ${pct(ok, 0.5)} ms, max ${pct(ok, 1)} ms`,
    refused: `p50 ${pct(refused, 0.5)} ms, max ${pct(refused, 1)} ms`,
    healthzMs: health,
    notFoundMs: notFound,
  };
}

async function embedded(n: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-burst-'));
  const proc = spawnEmbedded({ DATA_DIR: dataDir, PORT: '0', SANDBOX_PORT: '0', HOST: '127.0.0.1', ...UNLIMITED });
  try {
    const url = (await proc.waitForOutput(/running at (http:\/\/\S+)/, 60_000))[1];
    const key = (await proc.waitForOutput(BANNER_API_KEY))[1];
    return await fire(url, key, 'hello@sandbox.mailplane.test', n);
  } finally {
    await proc.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function distributed(n: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-burst-dist-'));
  const receiving = await startVerifyingSink();
  const procs: ServiceProcess[] = [];
  let rabbit: PrivateRabbit | undefined;
  try {
    rabbit = await startPrivateRabbit();
    const env = {
      AMQP_URL: rabbit.url,
      DATA_DIR: dataDir,
      ADMIN_TOKEN,
      PORT: '0',
      HOST: '127.0.0.1',
      SMTP_URL: `smtp://127.0.0.1:${receiving.sink.port}`,
      DNS_SERVERS: `127.0.0.1:${receiving.dns.port}`,
      DKIM_KEY_SECRET: 'bench-dkim-key-secret-0123456789abcdef',
      WEBHOOK_SECRET_KEY: 'webhook-secret-key-0123456789',
      UNSUBSCRIBE_SECRET: 'bench-unsubscribe-secret-0123456789abcdef',
      PUBLIC_URL: 'http://localhost:3000',
      ...UNLIMITED,
    };
    for (const name of ['billing', 'mail', 'webhooks', 'gateway']) procs.push(spawnService(name, env));
    await Promise.all(procs.map((p) => p.waitForOutput(/started/, 60_000)));
    const url = (await procs[3].waitForOutput(/gateway started at (\S+)/))[1];
    const client = jsonClient(url, 4);
    const { auth, domain } = await tenantWithIdentity(client, (name, value) => receiving.dns.setTxt(name, [value]));
    client.close();
    return await fire(url, auth.authorization.slice('Bearer '.length), `bench@${domain}`, n);
  } finally {
    await Promise.all(procs.map((p) => p.kill()));
    await rabbit?.stop();
    await receiving.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const n = Number(process.argv[2] ?? 1000);
  const modes = benchConfig.burstModes;
  if (modes.has('embedded')) console.log('embedded', await embedded(n));
  if (modes.has('distributed')) console.log('distributed', await distributed(n));
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
