import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createSqliteStore, type Doc, type Filter, type Sort } from '../src';
import { findSql } from '../src/sqlite/sql';

interface Message extends Doc {
  status: string;
  at: number;
  pending: boolean;
  purgedAt: string | null;
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'store-partial-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const messages = (n: number): Message[] =>
  Array.from({ length: n }, (_, i) => ({
    _id: `m${i}`,
    status: ['queued', 'sending', 'sent'][i % 3],
    at: i,
    pending: i % 7 === 0,
    purgedAt: i % 2 ? 'gone' : null,
  }));

describe('sqlite partial indexes', () => {
  const file = path.join(root, 'partial.db');
  const indexes = (db: Database.Database, table: string) =>
    (
      db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?`).all(table) as Array<{
        name: string;
        sql: string;
      }>
    ).filter((i) => i.sql);

  it('when a query states the equalities of a partial index, then the planner reads it; its $in conditions are left out of it', async () => {
    const store = await createSqliteStore({ file });
    const c = store.collection<Message>('due');
    await c.createIndex({ pending: 1, at: 1 }, { partial: { pending: true } });
    await c.createIndex({ purgedAt: 1, status: 1, at: 1 }, { partial: { purgedAt: null, status: { $in: ['sent', 'failed'] } } });
    await c.createIndex({ status: 1, at: 1 }, { partial: { status: { $in: ['queued', 'sending'] } } });
    await c.insertMany(messages(300));
    await store.close();

    const db = new Database(file, { readonly: true });
    const plan = (filter: Filter, sort: Sort) => {
      const q = findSql('due', { arrays: new Set(), textIndexes: [] }, filter, { sort, limit: 50 });
      return (db.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...q.params) as Array<{ detail: string }>).map((r) => r.detail).join('\n');
    };
    const byName = new Map(indexes(db, 'due').map((i) => [i.name, i.sql]));
    const pending = [...byName.keys()].find((n) => n.startsWith('due__pending_asc__at_asc__partial_'))!;
    const unpurged = [...byName.keys()].find((n) => n.startsWith('due__purgedAt_asc__status_asc__at_asc__partial_'))!;
    expect(byName.get(pending)).toMatch(/WHERE json_extract\(doc, '\$\.pending'\) = 1$/);
    expect(byName.get(unpurged)).toMatch(/WHERE json_extract\(doc, '\$\.purgedAt'\) IS NULL$/);
    expect(byName.get('due__status_asc__at_asc')).not.toMatch(/WHERE/);

    expect(plan({ pending: true, at: { $lt: 100 } }, { at: 1 })).toContain(`USING INDEX ${pending}`);
    expect(plan({ purgedAt: null, status: 'sent', at: { $lte: 100 } }, { at: 1 })).toContain(`USING INDEX ${unpurged}`);
    expect(plan({ pending: false, at: { $lt: 100 } }, { at: 1 })).not.toContain(pending);
    db.close();
  });

  it('when a store from before has the same keys unfiltered, then the partial index replaces it', async () => {
    const first = await createSqliteStore({ file });
    await first.collection<Message>('old').createIndex({ pending: 1, at: 1 });
    await first.collection<Message>('old').insertMany(messages(30));
    await first.close();
    const store = await createSqliteStore({ file });
    await store.collection<Message>('old').createIndex({ pending: 1, at: 1 }, { partial: { pending: true } });
    expect(await store.collection<Message>('old').count({ pending: true })).toBe(5);
    await store.close();
    const db = new Database(file, { readonly: true });
    expect(indexes(db, 'old').map((i) => i.name)).toEqual([expect.stringMatching(/^old__pending_asc__at_asc__partial_/)]);
    db.close();
  });
});
