import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Doc, Store } from '../port';
import { purgeExpired, sqliteCollection } from './collection';
import { startCheckpointer } from './checkpointer';
import { commitOpenGroups, Engine } from './engine';
import { importNedbDir } from './migrate';
import { assertCollectionName } from './paths';

export interface SqliteStoreOptions {
  file: string;
  ttlSweepMs?: number;
  /** Page cache per store, in MiB: bounds memory whatever the number of documents. */
  cacheMiB?: number;
  checkpointEveryMs?: number;
  /** Import the nedb files (`<collection>.db`) of this folder on open; each is renamed `.migrated` once committed. */
  importNedbFrom?: string;
}

/** WAL with synchronous=NORMAL: a killed process loses no committed write; an OS crash may lose the last transactions. */
export async function createSqliteStore(options: SqliteStoreOptions): Promise<Store> {
  const { file, ttlSweepMs = 60_000, cacheMiB = 32, checkpointEveryMs = 500 } = options;
  mkdirSync(path.dirname(file), { recursive: true });
  commitOpenGroups();
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    db.pragma(`cache_size = -${Math.round(cacheMiB * 1024)}`);
    db.pragma('temp_store = MEMORY');
    // Checkpoints run on the checkpointer's thread, never inside a commit on the event loop.
    db.pragma('wal_autocheckpoint = 0');
    // Keeps the planner's statistics current for long-lived connections (SQLite's recommendation).
    db.pragma('optimize = 0x10002');
  } catch (err) {
    db.close();
    throw err;
  }
  const engine = new Engine(db);
  if (options.importNedbFrom) {
    await importNedbDir(engine, options.importNedbFrom).catch((err: unknown) => {
      db.close();
      throw err;
    });
  }

  const checkpointer = startCheckpointer(file, checkpointEveryMs, () => db.open && db.pragma('wal_autocheckpoint = 1000'));
  let closed = false;
  const timer = setInterval(() => {
    if (closed) return;
    try {
      for (const name of engine.ttlCollections()) purgeExpired(engine, name);
    } catch {
      // Busy or failing: reads leave expired documents out meanwhile, and the next sweep tries again.
    }
  }, ttlSweepMs);
  timer.unref();

  return {
    collection<T extends Doc>(name: string) {
      assertCollectionName(name);
      if (closed) throw new Error(`store closed: cannot use collection ${name}`);
      return sqliteCollection<T>(name, engine);
    },
    async ping() {
      if (closed || !db.open) throw new Error('store closed');
      db.prepare('SELECT 1').get();
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      engine.flush();
      await checkpointer.stop();
      db.pragma('optimize');
      db.close();
    },
  };
}
