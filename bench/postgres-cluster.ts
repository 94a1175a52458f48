// The benches' PostgreSQL cluster, kept between runs so a seeded million messages is not rebuilt: `start` (initdb once
// under BENCH_PG_DIR) prints DATABASE_URL, `stop` stops it. Durable as in production: the benches claim durability.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { postgresBinaries, postgresFromEnv, runAsPrefix } from '../test/support/postgres';
import { freePort } from '../test/support/rabbitmq';
import { benchConfig } from './config';

const run = promisify(execFile);

/** What differs from PostgreSQL 15's defaults (docs/decisions/postgres-store.md); production sizes memory to its RAM. */
export const BENCH_SETTINGS = [
  // The 1 M-message store's hot indexes stay in the server's cache (default 128 MB); the OS caches the rest.
  'shared_buffers=1GB',
  // Seeding writes GBs of WAL: fewer checkpoints, so fewer full-page images (defaults 1 GB, 5 min).
  'max_wal_size=8GB',
  'checkpoint_timeout=15min',
  // Index builds after seeding (the trigram index over a million subjects), default 64 MB.
  'maintenance_work_mem=512MB',
  // Where the time goes: statements' counts and times (pg_stat_statements), and I/O timing in EXPLAIN.
  'shared_preload_libraries=pg_stat_statements',
  'track_io_timing=on',
  // Every service of a distributed run opens its pools, plus the benches' own clients.
  'max_connections=300',
  'listen_addresses=127.0.0.1',
];

/** Whether the postmaster a pid file names still runs: a server killed with its session leaves the file behind. */
function alive(pidFile: string): boolean {
  if (!existsSync(pidFile)) return false;
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 0);
    return true;
  } catch {
    return false;
  }
}

async function benchCluster(base: string) {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL (initdb, pg_ctl) is not installed; set POSTGRES_BIN_DIR');
  const { prefix, uid, gid } = await runAsPrefix();
  const data = join(base, 'data');
  const portFile = join(base, 'port');
  if (!existsSync(join(data, 'PG_VERSION'))) {
    mkdirSync(base, { recursive: true });
    if (uid !== undefined) chownSync(base, uid, gid!);
    const initdb = [join(bin, 'initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--lc-ctype=C.UTF-8'];
    await run(prefix[0] ?? initdb[0], [...prefix.slice(1), ...(prefix.length ? initdb : initdb.slice(1))]);
    writeFileSync(portFile, String(await freePort()));
  }
  const port = readFileSync(portFile, 'utf8').trim();
  const control = postgresFromEnv({
    TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
    TEST_PG_BIN: bin,
    TEST_PG_DATA: data,
    TEST_PG_LOG: join(base, 'server.log'),
    TEST_PG_OPTIONS: [`-p ${port}`, `-k ${base}`, ...BENCH_SETTINGS.map((s) => `-c ${s}`)].join(' '),
    TEST_PG_RUN_AS: prefix.join(' '),
  })!;
  return { control, running: () => alive(join(data, 'postmaster.pid')) };
}

export async function startBenchCluster(base = benchConfig.pgDir): Promise<string> {
  const { control, running } = await benchCluster(base);
  if (!running()) await control.start();
  return control.url;
}

export async function stopBenchCluster(base = benchConfig.pgDir): Promise<void> {
  const { control, running } = await benchCluster(base);
  if (running()) await control.stop();
}

if (require.main === module) {
  const command = process.argv[2];
  const done = command === 'stop' ? stopBenchCluster() : command === 'start' ? startBenchCluster() : undefined;
  if (!done) {
    console.error('usage: npx tsx bench/postgres-cluster.ts start|stop   (BENCH_PG_DIR: where it lives)');
    process.exit(2);
  }
  done.then(
    (url) => url && console.log(`DATABASE_URL=${url}`),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
