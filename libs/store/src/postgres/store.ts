import { assertCollectionName } from '../paths';
import { type Doc, type Store, StoreUnavailableError } from '../port';
import { postgresCollection } from './collection';
import { purgeExpired } from './expiry';
import { compactSql } from './counts';
import { PgEngine } from './engine';
import { isUnavailable, query, sharedPool } from './pool';

export interface PostgresStoreOptions {
  url: string;
  schema: string;
  poolSize?: number;
  /** A pool of its own instead (a test racing two clients as two processes would). */
  ownPool?: boolean;
  ttlSweepMs?: number;
  compactCountsMs?: number;
  /** Missing plain indexes on collections this big (the planner's estimate) are built after start-up, CONCURRENTLY (default 100,000). */
  backgroundIndexFromRows?: number;
}

const SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

/** Every write commits on its own, so any replica reads it at once. Connects first, so a wrong URL fails at start-up. */
export async function createPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  const { url, schema, poolSize = 10, ttlSweepMs = 60_000, compactCountsMs = 5_000 } = options;
  if (!SCHEMA.test(schema)) throw new Error(`invalid schema name "${schema}"`);
  const shared = sharedPool(url, poolSize, options.ownPool);
  const engine = new PgEngine(shared.pool, schema, shared.relaxed, options.backgroundIndexFromRows);
  try {
    await engine.bootstrap();
  } catch (err) {
    await shared.release();
    throw err;
  }
  const unsubscribe = shared.onMetaChange((changed) => {
    if (changed === undefined || changed === schema) engine.forget();
  });

  let closed = false;
  const every = (ms: number, job: () => Promise<unknown>) => {
    let running = false;
    const timer = setInterval(() => {
      if (closed || running) return;
      running = true;
      // Unreachable or busy: reads stay exact meanwhile, and the next round tries again.
      void job()
        .catch(() => undefined)
        .finally(() => (running = false));
    }, ms);
    timer.unref();
    return timer;
  };
  const timers = [
    every(ttlSweepMs, async () => {
      for (const name of await engine.ttlCollections()) await purgeExpired(engine, name);
    }),
    every(compactCountsMs, async () => {
      for (const t of await engine.countTables()) await query(engine.pool, compactSql(schema, t.table, t.paths.length));
    }),
  ];

  return {
    collection<T extends Doc>(name: string) {
      assertCollectionName(name);
      if (closed) throw new Error(`store closed: cannot use collection ${name}`);
      return postgresCollection<T>(name, engine);
    },
    async ping() {
      if (closed) throw new Error('store closed');
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new StoreUnavailableError(new Error('no answer within 2 s'))), 2000);
      });
      try {
        await Promise.race([query(engine.pool, 'SELECT 1'), late]);
      } catch (err) {
        throw isUnavailable(err) ? new StoreUnavailableError(err) : err;
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const t of timers) clearInterval(t);
      unsubscribe();
      await engine.builds.stop();
      await shared.release();
    },
  };
}
