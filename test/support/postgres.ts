import { execFile, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './rabbitmq';

const run = promisify(execFile);

/** Stop and start controls for the cluster; test files rebuild them from the environment with `postgresFromEnv()`. */
export interface PostgresControl {
  url: string;
  /** Stops the server (fast shutdown: connections are cut), keeping its data. */
  stop(): Promise<void>;
  /** Starts it again on the same port and resolves once it accepts connections. */
  start(): Promise<void>;
}

export interface PrivatePostgres extends PostgresControl {
  /** What a test process needs to find this cluster again (`TEST_DATABASE_URL`, `TEST_PG_*`). */
  env: Record<string, string>;
  /** Stops the server for good and removes its files. */
  destroy(): Promise<void>;
}

/** `POSTGRES_BIN_DIR`, or the newest Debian install under /usr/lib/postgresql. */
export function postgresBinaries(): string | undefined {
  if (process.env.POSTGRES_BIN_DIR)
    return existsSync(join(process.env.POSTGRES_BIN_DIR, 'initdb')) ? process.env.POSTGRES_BIN_DIR : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(root, versions[0], 'bin');
}

/** PostgreSQL refuses to run as root: as root, every command runs as the `postgres` system user. */
export async function runAsPrefix(): Promise<{ prefix: string[]; uid?: number; gid?: number }> {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const [uid, gid] = await Promise.all(['-u', '-g'].map(async (flag) => Number((await run('id', [flag, 'postgres'])).stdout.trim())));
  return { prefix: ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--init-groups'], uid, gid };
}

/**
 * A throwaway cluster: its own data directory, port and socket directory in a temp dir, durability off (a test
 * kills processes, never the machine). A watchdog stops it if the test run dies without its teardown.
 */
export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const { prefix, uid, gid } = await runAsPrefix();
  const base = mkdtempSync(join(tmpdir(), 'mptest-pg-'));
  if (uid !== undefined) chownSync(base, uid, gid!);
  const data = join(base, 'data');
  const port = await freePort();
  const initdb = ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--lc-ctype=C.UTF-8', '--no-sync'];
  await run(prefix[0] ?? join(bin, 'initdb'), [...prefix.slice(1), ...(prefix.length ? [join(bin, 'initdb')] : []), ...initdb]);
  const options = [
    `-p ${port}`,
    `-k ${base}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ');
  const exported = {
    TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
    TEST_PG_BIN: bin,
    TEST_PG_DATA: data,
    TEST_PG_LOG: join(base, 'server.log'),
    TEST_PG_OPTIONS: options,
    TEST_PG_RUN_AS: prefix.join(' '),
  };
  const control = postgresFromEnv(exported)!;
  try {
    await control.start();
  } catch (err) {
    rmSync(base, { recursive: true, force: true });
    throw err;
  }
  const watchdog = spawn(
    'sh',
    [
      '-c',
      `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${prefix.join(' ')} "${bin}/pg_ctl" -D "${data}" stop -m immediate`,
    ],
    { detached: true, stdio: 'ignore' },
  );
  watchdog.unref();
  return {
    ...control,
    env: exported,
    destroy: async () => {
      watchdog.kill();
      await control.stop().catch(() => undefined);
      rmSync(base, { recursive: true, force: true });
    },
  };
}

/** Controls of the cluster that global setup started, or undefined when the database is not ours to restart. */
export function postgresFromEnv(source: NodeJS.ProcessEnv = process.env): PostgresControl | undefined {
  const { TEST_DATABASE_URL: url, TEST_PG_BIN: bin, TEST_PG_DATA: data, TEST_PG_LOG: log, TEST_PG_OPTIONS: options } = source;
  if (!url || !bin || !data || !log || options === undefined) return undefined;
  const prefix = (source.TEST_PG_RUN_AS ?? '').split(' ').filter(Boolean);
  const pgCtl = async (args: string[]) => {
    const command = [...prefix, join(bin, 'pg_ctl'), '-D', data, ...args];
    try {
      await run(command[0], command.slice(1), { timeout: 90_000 });
    } catch (err) {
      const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-30).join('\n') : '(no log)';
      throw new Error(`pg_ctl ${args[args.length - 1]} failed: ${(err as Error).message}\n--- server log ---\n${tail}`);
    }
  };
  return {
    url,
    stop: () => pgCtl(['-m', 'fast', '-w', 'stop']),
    start: () => pgCtl(['-l', log, '-o', options, '-w', '-t', '60', 'start']),
  };
}

let databases = 0;

/** A database of its own for a test file on the run's cluster (services' schemas have fixed names); dropped by `drop`. */
export async function freshDatabase(url = process.env.TEST_DATABASE_URL!): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `mptest_${process.pid}_${++databases}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return { url: own.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
