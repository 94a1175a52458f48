import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import { startCluster } from '../platform/cluster/cluster';
import { loadPlatformConfig } from '../platform/config';
import { freshDatabase, postgresBinaries, startPrivatePostgres } from '../test/support/postgres';
import { startPrivateRabbit } from '../test/support/rabbitmq';
import { ADMIN_TOKEN, UNLIMITED, jsonClient, postEmails, tenantWithIdentity } from './common';
import { benchConfig } from './config';

// Deliveries per second with 1, 2, 3 mail replicas of `npm run start:cluster` against an MTA taking MTA_DELAY_MS a message:
// latency-bound, so each replica's SMTP pool sets the pace and a second replica should double it.
//   npx tsx -C mailplane-source bench/mail-replicas.ts    (BENCH_N=1200, BENCH_REPLICAS=1,2,3, BENCH_MTA_DELAY_MS=100, BENCH_SMTP_POOL=2)
const env = benchConfig.childEnv;
const N = Number(env.BENCH_N ?? 1200);
const COUNTS = (env.BENCH_REPLICAS ?? '1,2,3').split(',').map(Number);
const MTA_DELAY_MS = Number(env.BENCH_MTA_DELAY_MS ?? 100);
const POOL = env.BENCH_SMTP_POOL ?? '2';

async function startSlowMta(delayMs: number) {
  let taken: number[] = [];
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    disableReverseLookup: true,
    logger: false,
    size: 0,
    maxClients: 1000,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () =>
        setTimeout(() => {
          taken.push(performance.now());
          callback();
        }, delayMs),
      );
    },
  });
  await new Promise<void>((resolve, reject) => server.listen(0, '127.0.0.1', resolve).once('error', reject));
  return {
    port: (server.server.address() as AddressInfo).port,
    taken: () => taken,
    clear: () => void (taken = []),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(check: () => boolean, timeoutMs: number) {
  for (const deadline = Date.now() + timeoutMs; !check(); await new Promise((r) => setTimeout(r, 50)))
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
}

/** One cluster with `mail` replicas: N sends through HAProxy, then the delivery rate over the backlog left, and over all. */
async function run(mail: number, backing: { amqpUrl: string; databaseUrl: string }, mta: Awaited<ReturnType<typeof startSlowMta>>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-bench-replicas-'));
  const database = await freshDatabase(backing.databaseUrl);
  const config = loadPlatformConfig({
    PATH: env.PATH,
    HOME: env.HOME,
    PORT: '0',
    DATA_DIR: dataDir,
    AMQP_URL: backing.amqpUrl,
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '4',
    ADMIN_TOKEN,
    LOG_LEVEL: 'warn',
    SMTP_URL: `smtp://127.0.0.1:${mta.port}`,
    SMTP_POOL_SIZE: POOL,
    REPLICAS: '1',
    REPLICAS_MAIL: String(mail),
    ...UNLIMITED,
  });
  const cluster = await startCluster(config);
  try {
    const client = jsonClient(cluster.url, 32);
    const { auth, domain } = await tenantWithIdentity(client, (name, value) => cluster.sandbox.dns.setTxt(name, [value]));
    mta.clear();
    const start = performance.now();
    const acceptedAt = await postEmails(client, auth, domain, N, 32);
    const backlogFrom = mta.taken().length;
    await until(() => mta.taken().length >= N, 600_000);
    const taken = mta.taken();
    const drain = backlogFrom < N - 1 ? (N - backlogFrom) / ((taken[N - 1] - acceptedAt) / 1000) : NaN;
    return {
      mail,
      acceptPerSecond: N / ((acceptedAt - start) / 1000),
      backlog: N - backlogFrom,
      drainPerSecond: drain,
      overallPerSecond: N / ((taken[N - 1] - start) / 1000),
    };
  } finally {
    await cluster.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL is not installed');
  const [rabbit, postgres] = await Promise.all([startPrivateRabbit(), startPrivatePostgres(bin)]);
  const mta = await startSlowMta(MTA_DELAY_MS);
  try {
    const results = [];
    for (const mail of COUNTS) {
      const result = await run(mail, { amqpUrl: rabbit.url, databaseUrl: postgres.url }, mta);
      results.push(result);
      process.stdout.write(`${JSON.stringify(result)}\n`);
    }
    const base = results.find((r) => r.mail === 1)?.drainPerSecond;
    process.stdout.write(
      `\nN=${N}, MTA ${MTA_DELAY_MS} ms/message, SMTP_POOL_SIZE=${POOL} per replica, load ${(await import('node:os')).loadavg()[0].toFixed(1)}\n`,
    );
    process.stdout.write(
      '| mail replicas | deliveries/s (backlog) | × 1 replica | backlog measured | all N, from the first send | accept/s |\n|---|---|---|---|---|---|\n',
    );
    for (const r of results)
      process.stdout.write(
        `| ${r.mail} | ${r.drainPerSecond.toFixed(1)} | ${base ? (r.drainPerSecond / base).toFixed(2) : '—'} | ${r.backlog} | ${r.overallPerSecond.toFixed(1)} | ${r.acceptPerSecond.toFixed(1)} |\n`,
      );
  } finally {
    await mta.stop();
    await rabbit.stop();
    await postgres.destroy();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
