import { createReadStream, existsSync, readdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { encodeDoc } from '../codec';
import type { Engine } from './engine';
import { ident } from './paths';

const NEDB_FILE = /^([A-Za-z0-9_-]+)\.db(~?)$/;

// Read line by line, not through nedb, which loads the whole file: later lines supersede earlier ones, Dates {"$$date": ms}.
const revive = (key: string, v: unknown) => {
  if (key === '$$date') return new Date(v as number);
  return typeof v === 'object' && v !== null && (v as { $$date?: unknown }).$$date instanceof Date ? (v as { $$date: Date }).$$date : v;
};

/** Each file in one transaction that remembers it, renamed `.migrated` once committed: an interrupted import is redone. */
export async function importNedbDir(engine: Engine, dir: string): Promise<void> {
  if (!existsSync(dir)) return;
  const files = readdirSync(dir).filter((f) => NEDB_FILE.test(f));
  for (const file of files) {
    const [, collection, tilde] = NEDB_FILE.exec(file) as RegExpExecArray;
    // nedb's crash-safe rewrite leaves `name.db~` alone only when it died before renaming it over `name.db`.
    if (tilde && files.includes(`${collection}.db`)) continue;
    const full = path.join(dir, file);
    if (!engine.recalled(collection, 'migrated', 'nedb')) await importFile(engine, collection, full);
    renameSync(full, path.join(dir, `${collection}.db.migrated`));
  }
}

async function importFile(engine: Engine, collection: string, file: string): Promise<void> {
  const { db } = engine;
  db.exec('BEGIN IMMEDIATE');
  try {
    const state = engine.state(collection);
    const table = ident(collection);
    const put = db.prepare(`INSERT INTO ${table} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`);
    const remove = db.prepare(`DELETE FROM ${table} WHERE id = ?`);
    let lines = 0;
    let corrupt = 0;
    const arrays = new Set<string>();
    for await (const line of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
      if (line.trim() === '') continue;
      lines++;
      let doc: Record<string, unknown>;
      try {
        doc = JSON.parse(line, revive) as Record<string, unknown>;
      } catch {
        corrupt++; // a crash can leave the last append half-written, as nedb itself tolerates
        continue;
      }
      if (typeof doc._id !== 'string') continue; // index definitions ($$indexCreated): createIndex re-creates them
      if (doc.$$deleted === true) remove.run(doc._id);
      else put.run(doc._id, encodeDoc(doc, arrays));
    }
    if (corrupt > lines / 10) throw new Error(`${file}: ${corrupt} of ${lines} lines are not JSON; not imported`);
    engine.noteArrays(state, arrays);
    engine.remember(collection, 'migrated', 'nedb');
    db.exec('COMMIT');
  } catch (err) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw err;
  }
}
