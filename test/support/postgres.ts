import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pgCtl, postgresBinaries as localPostgresBinaries, startLocalPostgres } from '../../platform/local/postgres';

export { runAsPrefix } from '../../platform/local/postgres';

/** `POSTGRES_BIN_DIR`, or the newest Debian install. */
export const postgresBinaries = () => localPostgresBinaries(process.env.POSTGRES_BIN_DIR);

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

/**
 * A throwaway cluster: its own data directory and port in a temp dir, durability off (a test kills processes, never
 * the machine). A watchdog stops it if the test run dies without its teardown.
 */
export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const base = mkdtempSync(join(tmpdir(), 'mptest-pg-'));
  try {
    const local = await startLocalPostgres({ dir: base, bin, user: 'postgres', database: 'postgres', durable: false, maxConnections: 300 });
    const exported = {
      TEST_DATABASE_URL: local.url,
      TEST_PG_BIN: local.spec.bin,
      TEST_PG_DATA: local.spec.data,
      TEST_PG_LOG: local.spec.log,
      TEST_PG_OPTIONS: local.spec.options,
      TEST_PG_RUN_AS: local.spec.runAs.join(' '),
    };
    return {
      ...postgresFromEnv(exported)!,
      env: exported,
      destroy: async () => {
        await local.stop().catch(() => undefined);
        rmSync(base, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(base, { recursive: true, force: true });
    throw err;
  }
}

/** Controls of the cluster that global setup started, or undefined when the database is not ours to restart. */
export function postgresFromEnv(source: NodeJS.ProcessEnv = process.env): PostgresControl | undefined {
  const { TEST_DATABASE_URL: url, TEST_PG_BIN: bin, TEST_PG_DATA: data, TEST_PG_LOG: log, TEST_PG_OPTIONS: options } = source;
  if (!url || !bin || !data || !log || options === undefined) return undefined;
  const runAs = (source.TEST_PG_RUN_AS ?? '').split(' ').filter(Boolean);
  return { url, ...pgCtl({ bin, data, log, options, runAs }) };
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
