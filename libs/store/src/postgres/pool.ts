import { createHash } from 'node:crypto';
import pg from 'pg';

/** Where the adapter says what changed in a schema's `_store_meta`; the payload is the schema's name. */
export const META_CHANNEL = 'mailplane_store_meta';

// Documents come back as the JSON text PostgreSQL prints: the codec parses it once, reviving Dates.
const types = new pg.TypeOverrides();
types.setTypeParser(pg.types.builtins.JSONB, (text: string) => text);
types.setTypeParser(pg.types.builtins.INT8, (text: string) => Number(text));

/**
 * Runs `fn` on a pooled connection. A connection that breaks meanwhile (the server shut it down) is dropped from
 * the pool, and its 'error' event, which the pool only listens for on idle connections, is caught here rather
 * than left to end the process.
 */
export async function withClient<R>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<R>): Promise<R> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (err: Error) => (broken = err);
  client.on('error', onError);
  try {
    return await fn(client);
  } catch (err) {
    if (isUnavailable(err)) broken ??= err as Error;
    throw err;
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}

/**
 * One statement on a pooled connection. Not `pool.query`, which closes the connection after any error, a
 * duplicate key included, so that the next statement paid for a new connection; here only a broken
 * connection is dropped.
 */
export function query<R extends pg.QueryResultRow = pg.QueryResultRow>(
  pool: pg.Pool,
  sql: string,
  params?: unknown[],
): Promise<pg.QueryResult<R>> {
  return withClient(pool, (client) => client.query<R>(prepared(sql, params)));
}

/**
 * A data statement as a named prepared statement: each connection plans it once (a list query over a collection
 * with a dozen expression indexes took as long to plan as to run). Names are a hash of the text, so one name
 * never stands for two statements. A substring search (`$contains`: `LIKE`, `ILIKE`) stays unnamed, so that it is
 * planned with its pattern every time: from its sixth run on one connection PostgreSQL may switch a named statement
 * to a generic plan, which knows no pattern, expects a common word's many matches and walks the tenant's newest
 * messages to find them; for a rare word that read a million rows (9 s, seen by auto_explain on the bench store).
 */
export function prepared(sql: string, params?: unknown[]): pg.QueryConfig {
  if (!/^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i.test(sql) || /\bI?LIKE\b/.test(sql)) return { text: sql, values: params };
  return { name: `mp_${createHash('sha1').update(sql).digest('base64url')}`, text: sql, values: params };
}

/** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
export function transaction<R>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<R>): Promise<R> {
  return withClient(pool, async (client) => {
    await client.query('BEGIN');
    try {
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      // A rollback that fails leaves a broken connection, which withClient drops.
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  });
}

export interface SharedPool {
  pool: pg.Pool;
  /**
   * Connections whose commits do not wait for the WAL flush (`synchronous_commit = off`), for writes that settle
   * `with-next-write`: the WAL is one sequence, so the next commit that does wait (on any connection) flushes it too.
   */
  relaxed: pg.Pool;
  /** Calls `onChange(schema)` for every change of meta announced by any process; resubscribes after a reconnect. */
  onMetaChange(listener: (schema: string | undefined) => void): () => void;
  release(): Promise<void>;
}

interface Entry {
  pool: pg.Pool;
  relaxed: pg.Pool;
  /** Connections both pools may open together. */
  capacity: number;
  users: number;
  listeners: Set<(schema: string | undefined) => void>;
  listener?: pg.Client;
  stopped: boolean;
}

/**
 * Every statement of a store is a short one a request waits for. JIT compiling one whose estimated cost passes
 * `jit_above_cost` (a count over a million rows) took 110 ms before it ran, and starting parallel workers on a
 * busy machine 350 ms before a 13 ms index scan gave its first row: neither pays for itself here.
 */
const SHORT_QUERIES = '-c jit=off -c max_parallel_workers_per_gather=0';

const pools = new Map<string, Entry>();
let own = 0;

/**
 * One pool per URL and size in a process, shared by its stores (the one-process platform opens four, each in a
 * schema of its own, and names are always schema-qualified) and released when the last one closes.
 */
export function sharedPool(url: string, size: number, unshared = false): SharedPool {
  const key = `${size}|${url}${unshared ? `|${++own}` : ''}`;
  let entry = pools.get(key);
  if (!entry) {
    const open = (max: number, options?: string) => {
      const pool = new pg.Pool({ connectionString: url, max, types, keepAlive: true, connectionTimeoutMillis: 5000, options });
      // An idle connection that the server dropped (a restart) is reported here; the next query reconnects.
      pool.on('error', () => undefined);
      return pool;
    };
    const relaxedSize = Math.max(2, Math.ceil(size / 2));
    entry = {
      pool: open(size, SHORT_QUERIES),
      relaxed: open(relaxedSize, `${SHORT_QUERIES} -c synchronous_commit=off`),
      capacity: size + relaxedSize,
      users: 0,
      listeners: new Set(),
      stopped: false,
    };
    pools.set(key, entry);
  }
  const mine = entry;
  mine.users++;
  return {
    pool: mine.pool,
    relaxed: mine.relaxed,
    onMetaChange(listener) {
      mine.listeners.add(listener);
      if (!mine.listener) void listen(mine, url);
      return () => mine.listeners.delete(listener);
    },
    async release() {
      if (--mine.users > 0) return;
      pools.delete(key);
      mine.stopped = true;
      await mine.listener?.end().catch(() => undefined);
      await Promise.all([mine.pool.end(), mine.relaxed.end()]);
    },
  };
}

/** The connections of every pool this process holds, for metrics: a query waits when all `max` are in use. */
export function poolUsage(): { inUse: number; idle: number; max: number; waiting: number } {
  const usage = { inUse: 0, idle: 0, max: 0, waiting: 0 };
  for (const entry of pools.values()) {
    usage.max += entry.capacity;
    for (const pool of [entry.pool, entry.relaxed]) {
      usage.inUse += pool.totalCount - pool.idleCount;
      usage.idle += pool.idleCount;
      usage.waiting += pool.waitingCount;
    }
  }
  return usage;
}

/**
 * A connection of its own LISTENs for meta changes. Whenever it (re)connects, every listener is told that
 * anything may have changed meanwhile (`undefined`), so no change goes unseen across a database restart.
 */
async function listen(entry: Entry, url: string): Promise<void> {
  while (!entry.stopped) {
    const client = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5000 });
    entry.listener = client;
    const lost = new Promise<void>((resolve) => {
      client.on('error', () => resolve());
      client.on('end', () => resolve());
    });
    try {
      await client.connect();
      client.on('notification', (n) => {
        for (const l of entry.listeners) l(n.payload);
      });
      await client.query(`LISTEN ${META_CHANNEL}`);
      for (const l of entry.listeners) l(undefined);
      await lost;
    } catch {
      // Unreachable: try again shortly; queries meanwhile fail on their own.
    }
    await client.end().catch(() => undefined);
    if (!entry.stopped) await new Promise((r) => setTimeout(r, 1000).unref());
  }
}

const CONNECTION_LOST = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'EHOSTUNREACH']);

/**
 * Whether an error means the database could not be reached or went away (refused, reset, shutting down,
 * starting up, too many connections), as opposed to a query it refused.
 */
export function isUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (CONNECTION_LOST.has(code) || code.startsWith('08') || code.startsWith('57P') || code === '53300') return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    message,
  );
}
