import pg from 'pg';

async function admin(url: string, sql: string, params?: unknown[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

const withDatabase = (url: string, name: string) => {
  const own = new URL(url);
  own.pathname = `/${name}`;
  return own.toString();
};

const databaseName = (url: string, suffix: string) =>
  `${new URL(url).pathname.slice(1) || 'postgres'}_${suffix}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();

/** `<database>_<suffix>` on `url`'s server, created when missing: the services' schemas have fixed names. */
export async function benchDatabase(url: string, suffix: string): Promise<string> {
  const name = databaseName(url, suffix);
  const { rowCount } = await admin(url, 'SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) await admin(url, `CREATE DATABASE ${name}`);
  return withDatabase(url, name);
}

export async function freshBenchDatabase(url: string, run: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = databaseName(url, `${run}_${process.pid}`);
  await admin(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(url, `CREATE DATABASE ${name}`);
  return { url: withDatabase(url, name), drop: () => admin(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined) };
}

/** The backends serving `url`'s database, re-read every second for a CPU meter (pools open and close connections). */
export function databaseBackends(url: string): { pids(): number[]; stop(): void } {
  let pids: number[] = [];
  const refresh = () =>
    admin(url, 'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()').then(
      ({ rows }) => void (pids = rows.map((r: { pid: number }) => r.pid)),
      () => undefined,
    );
  void refresh();
  const timer = setInterval(() => void refresh(), 1000);
  timer.unref();
  return { pids: () => pids, stop: () => clearInterval(timer) };
}
