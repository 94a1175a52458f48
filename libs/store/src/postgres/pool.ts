import { createHash } from 'node:crypto';
import type pg from 'pg';

/** NOTIFY channel for changes of a schema's `_store_meta`; the payload is the schema's name. */
export const META_CHANNEL = 'mailplane_store_meta';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- on first use, not at start (docs/decisions/toolchain.md)
const driver = (): typeof pg => require('pg');

// Documents come back as the JSON text PostgreSQL prints: the codec parses it once, reviving Dates.
let types: pg.CustomTypesConfig | undefined;
function parsers(): pg.CustomTypesConfig {
  if (types) return types;
  const overrides = new (driver().TypeOverrides)();
  overrides.setTypeParser(driver().types.builtins.JSONB, (text: string) => text);
  overrides.setTypeParser(driver().types.builtins.INT8, (text: string) => Number(text));
  return (types = overrides);
}

/** Drops a connection that broke meanwhile and catches its 'error' (the pool listens only on idle ones; unheard, it ends the process). */
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

/** Not `pool.query`, which closes the connection after any error (a duplicate key too); here only a broken one is dropped. */
export function query<R extends pg.QueryResultRow = pg.QueryResultRow>(
  pool: pg.Pool,
  sql: string,
  params?: unknown[],
): Promise<pg.QueryResult<R>> {
  return withClient(pool, (client) => client.query<R>(prepared(sql, params)));
}

/**
 * Named (a hash of the text) so each connection plans it once: with a dozen expression indexes, planning cost as much as
 * running. `LIKE`/`ILIKE` stay unnamed: from its sixth run a named statement may get a generic plan, blind to the pattern
 * (9 s for a rare word).
 */
export function prepared(sql: string, params?: unknown[]): pg.QueryConfig {
  if (!/^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i.test(sql) || /\bI?LIKE\b/.test(sql)) return { text: sql, values: params };
  return { name: `mp_${createHash('sha1').update(sql).digest('base64url')}`, text: sql, values: params };
}

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
  /** `synchronous_commit = off`, for `with-next-write`: the WAL is one sequence, so the next waiting commit flushes it too. */
  relaxed: pg.Pool;
  onMetaChange(listener: (schema: string | undefined) => void): () => void;
  release(): Promise<void>;
}

interface Entry {
  pool: pg.Pool;
  relaxed: pg.Pool;
  capacity: number;
  users: number;
  listeners: Set<(schema: string | undefined) => void>;
  listener?: pg.Client;
  stopped: boolean;
}

/** JIT (110 ms to compile a count) and parallel workers (350 ms to start before a 13 ms scan) never pay off for short statements. */
const SHORT_QUERIES = '-c jit=off -c max_parallel_workers_per_gather=0';

const pools = new Map<string, Entry>();
let own = 0;

/** One pool per URL and size in a process, shared by its stores (names are always schema-qualified), ended with the last. */
export function sharedPool(url: string, size: number, unshared = false): SharedPool {
  const key = `${size}|${url}${unshared ? `|${++own}` : ''}`;
  let entry = pools.get(key);
  if (!entry) {
    const open = (max: number, options?: string) => {
      const pool = new (driver().Pool)({
        connectionString: url,
        max,
        types: parsers(),
        keepAlive: true,
        connectionTimeoutMillis: 5000,
        options,
      });
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

/** On every (re)connect listeners hear `undefined` (anything may have changed), so no change is missed across a restart. */
async function listen(entry: Entry, url: string): Promise<void> {
  while (!entry.stopped) {
    const client = new (driver().Client)({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5000 });
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

/** Unreachable or gone (refused, reset, shutting down, starting up, too many connections), as opposed to a refused query. */
export function isUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (CONNECTION_LOST.has(code) || code.startsWith('08') || code.startsWith('57P') || code === '53300') return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    message,
  );
}
