import type pg from 'pg';
import type { PlainIndex } from './indexes';

/** From this many documents (the planner's estimate), a missing index is built after start-up instead of in it. */
export const BACKGROUND_INDEX_FROM_ROWS = 100_000;

/** Builds wait for start-up to go quiet: a build's lock would hold up the start's own DDL on that table until it ends. */
const QUIET_MS = 1000;

/** Whether the index `name` (`"schema"."name"`) is valid: null when there is none, false while built or left unfinished. */
export async function indexValidity(db: Pick<pg.ClientBase, 'query'>, name: string): Promise<boolean | null> {
  const { rows } = await db.query<{ valid: boolean | null }>(
    'SELECT (SELECT indisvalid FROM pg_index WHERE indexrelid = to_regclass($1)) AS valid',
    [name],
  );
  return rows[0].valid;
}

/** `later` for an index being built or unfinished (its builder's lock decides) or a big collection, whose writes a build holds up. */
export async function plainIndexStep(
  db: Pick<pg.ClientBase, 'query'>,
  table: string,
  index: PlainIndex,
  fromRows: number,
): Promise<'present' | 'now' | 'later'> {
  const valid = await indexValidity(db, index.name);
  if (valid === true) return 'present';
  if (valid === false) return 'later';
  const { rows } = await db.query<{ estimate: number }>('SELECT reltuples::float8 AS estimate FROM pg_class WHERE oid = to_regclass($1)', [
    table,
  ]);
  return (rows[0]?.estimate ?? 0) >= fromRows ? 'later' : 'now';
}

const concurrently = (create: string) => create.replace(/^CREATE INDEX /, 'CREATE INDEX CONCURRENTLY ');

/**
 * Deferred builds, one at a time on a connection of their own, `CONCURRENTLY` so writes go on; one process per schema builds
 * (an advisory lock). A build that died leaves an invalid index, which the next start's build drops and rebuilds.
 */
export function indexBuilds(pool: pg.Pool, schema: string) {
  const lock = `mailplane_store:${schema}:index-build`;
  let chain: Promise<void> = Promise.resolve();
  let queued: PlainIndex[] = [];
  let timer: NodeJS.Timeout | undefined;
  let runningPid: number | undefined;
  let stopped = false;

  async function build(index: PlainIndex): Promise<void> {
    if (stopped) return;
    const client = await pool.connect();
    let broken = false;
    try {
      const { rows } = await client.query<{ pid: number; locked: boolean }>(
        'SELECT pg_backend_pid() AS pid, pg_try_advisory_lock(hashtext($1)) AS locked',
        [lock],
      );
      if (!rows[0].locked) return;
      runningPid = rows[0].pid;
      try {
        // One process builds, not a leader and two workers: the requests keep the rest of the machine meanwhile.
        await client.query('SET max_parallel_maintenance_workers = 0');
        if ((await indexValidity(client, index.name)) === false) await client.query(`DROP INDEX CONCURRENTLY IF EXISTS ${index.name}`);
        if (stopped) return;
        await client.query(concurrently(index.create));
        await client.query(index.comment);
        if (index.replaces) await client.query(`DROP INDEX CONCURRENTLY IF EXISTS ${index.replaces}`);
      } finally {
        runningPid = undefined;
        await client.query('RESET max_parallel_maintenance_workers');
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [lock]);
      }
    } catch {
      // Canceled at close, or the database went away: the connection goes (and its lock with it); the next start builds.
      broken = true;
    } finally {
      client.release(broken);
    }
  }

  return {
    add(index: PlainIndex): void {
      queued.push(index);
      clearTimeout(timer);
      timer = setTimeout(() => {
        const batch = queued;
        queued = [];
        for (const next of batch) chain = chain.then(() => build(next));
      }, QUIET_MS);
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      if (runningPid !== undefined) await pool.query('SELECT pg_cancel_backend($1)', [runningPid]).catch(() => undefined);
      await chain;
    },
  };
}
export type IndexBuilds = ReturnType<typeof indexBuilds>;
