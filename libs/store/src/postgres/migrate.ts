import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createBlobStore } from '../blob-store';
import { ident } from '../paths';
import { PgEngine } from './engine';
import { query, sharedPool, transaction } from './pool';

const BATCH = 2000;
const FAR_FUTURE = new Date(8.64e15);

export interface MigrationOptions {
  /** A service's folder under DATA_DIR (its `store.sqlite3`, and `blobs/` beside it). */
  dir: string;
  url: string;
  schema: string;
  progress?: (what: string, copied: number) => void;
}

/** Resumable: each batch's transaction records progress in `_store_meta`; SQLite's version wins; run with the service stopped. */
export async function migrateSqliteToPostgres(options: MigrationOptions): Promise<Record<string, number>> {
  const file = path.join(options.dir, 'store.sqlite3');
  if (!existsSync(file)) throw new Error(`no SQLite store at ${file}`);
  const shared = sharedPool(options.url, 4, true);
  const engine = new PgEngine(shared.pool, options.schema);
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  const copied: Record<string, number> = {};
  try {
    await engine.bootstrap();
    const collections = sqlite
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE '%\\_\\_%' ESCAPE '\\'`,
      )
      .pluck()
      .all() as string[];
    for (const name of collections) copied[name] = await copyCollection(sqlite, engine, name, options.progress);
    copied['blobs:bodies'] = await copyBlobs(engine, options);
    return copied;
  } finally {
    sqlite.close();
    await shared.release();
  }
}

async function copyCollection(sqlite: Database.Database, engine: PgEngine, name: string, progress?: MigrationOptions['progress']) {
  const state = await engine.state(name);
  const arrays = sqlite.prepare(`SELECT key FROM _store_meta WHERE collection = ? AND kind = 'array'`).pluck().all(name) as string[];
  await engine.noteArrays(engine.pool, state, new Set(arrays));
  const mark = `sqlite:${name}`;
  const { rows } = await query<{ value: string }>(
    engine.pool,
    `SELECT value FROM ${engine.meta} WHERE collection = $1 AND kind = 'migrated' AND key = $2`,
    [name, mark],
  );
  let after = Number(rows[0]?.value ?? 0);
  let copied = 0;
  const page = sqlite.prepare(`SELECT rid, id, doc FROM ${ident(name)} WHERE rid > ? ORDER BY rid LIMIT ${BATCH}`);
  for (;;) {
    const batch = page.all(after) as Array<{ rid: number; id: string; doc: string }>;
    if (batch.length === 0) return copied;
    after = batch[batch.length - 1].rid;
    await transaction(engine.pool, async (client) => {
      await client.query(
        `INSERT INTO ${state.table} (id, doc) SELECT id, doc::jsonb FROM unnest($1::text[], $2::text[]) AS d (id, doc)
         ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`,
        [batch.map((r) => r.id), batch.map((r) => r.doc)],
      );
      await engine.remember(client, name, 'migrated', mark, String(after));
    });
    copied += batch.length;
    progress?.(name, copied);
  }
}

async function copyBlobs(engine: PgEngine, options: MigrationOptions): Promise<number> {
  const from = await createBlobStore({ dir: options.dir }, 'bodies');
  const to = await createBlobStore({ postgresUrl: options.url, schema: options.schema, poolSize: 4 }, 'bodies');
  try {
    const mark = 'blobs:bodies';
    const { rows } = await query<{ value: string }>(engine.pool, `SELECT value FROM ${engine.meta} WHERE kind = 'migrated' AND key = $1`, [
      mark,
    ]);
    if (rows[0]?.value === 'done') return 0;
    let cursor: string | undefined = rows[0]?.value || undefined;
    let copied = 0;
    do {
      const slice = await from.scan(FAR_FUTURE, cursor);
      for (const key of slice.keys) {
        const data = await from.get(key);
        if (data) await to.put(key, data);
      }
      copied += slice.keys.length;
      cursor = slice.cursor;
      await engine.remember(engine.pool, '_blobs', 'migrated', mark, cursor ?? 'done');
      options.progress?.(mark, copied);
    } while (cursor);
    return copied;
  } finally {
    await from.close();
    await to.close();
  }
}
