import { type Collection, createPostgresStore, type Doc, type Filter, type Sort } from '../src';
import { compileFilter, compileSort } from '../src/postgres/filter';
import { derivedName } from '../src/postgres/indexes';
import { describeWithPostgres } from '../../../test/support/postgres-env';
import { schemaAdmin } from './postgres-admin';

interface Message extends Doc {
  status: string;
  at: Date;
  pending: boolean;
  purgedAt: Date | null;
}

const LIVE = { status: { $in: ['queued', 'deferred', 'sending'] } };
const PENDING = { pending: true };
const UNPURGED = { purgedAt: null, status: { $in: ['sent', 'failed'] } };
const names = {
  live: derivedName('due', 'index status asc, at asc where status in ["queued","deferred","sending"]'),
  pending: derivedName('due', 'index pending asc, at asc where pending = true'),
  unpurged: derivedName('due', 'index purgedAt asc, status asc, at asc where purgedAt = null and status in ["sent","failed"]'),
};
const STATUSES = ['queued', 'deferred', 'sending', 'sent', 'failed'];
const messages = (n: number): Message[] =>
  Array.from({ length: n }, (_, i) => ({
    _id: `m${String(i).padStart(4, '0')}`,
    status: STATUSES[i % STATUSES.length],
    at: new Date(Date.UTC(2026, 0, 1, 0, i)),
    pending: i % 7 === 0,
    purgedAt: i % 3 === 0 ? new Date(Date.UTC(2026, 1, 1)) : null,
  }));

describeWithPostgres('postgres partial indexes', (url) => {
  const schema = `partial_${process.pid}`;
  const { admin, indexesOf } = schemaAdmin(url, schema);
  const init = async (c: Collection<Message>) => {
    await c.createIndex({ status: 1, at: 1 }, { partial: LIVE });
    await c.createIndex({ pending: 1, at: 1 }, { partial: PENDING });
    await c.createIndex({ purgedAt: 1, status: 1, at: 1 }, { partial: UNPURGED });
  };
  let probes = 0;
  const literal = (v: unknown): string => {
    if (!Array.isArray(v)) return admin.escapeLiteral(String(v));
    return admin.escapeLiteral(`{${v.map((e: string) => `"${e.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`);
  };
  /**
   * The plan of a find as the store runs it: a named prepared statement, past the executions after which
   * PostgreSQL may settle on a generic plan (which knows no value, so no partial index), every other way of
   * reading the table made dear.
   */
  const plan = async (filter: Filter, sort: Sort) => {
    const where = compileFilter('due', filter, new Set());
    const name = `probe_${++probes}`;
    const text = `SELECT t.id, t.doc FROM ${schema}.due AS t WHERE ${where.sql}${compileSort('due', sort)} LIMIT 100`;
    await admin.query('BEGIN');
    try {
      await admin.query('SET LOCAL enable_seqscan = off');
      for (let i = 0; i < 7; i++) await admin.query({ name, text, values: where.params });
      const explained = await admin.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE ${name}(${where.params.map(literal).join(', ')})`);
      return explained.rows.map((r) => r['QUERY PLAN']).join('\n');
    } finally {
      await admin.query('ROLLBACK');
    }
  };

  it('when a query states the conditions of a partial index (the same value, or fewer of its values), then the planner can read that index', async () => {
    const store = await createPostgresStore({ url, schema, ownPool: true });
    const c = store.collection<Message>('due');
    await init(c);
    await c.insertMany(messages(500));
    await admin.query(`ANALYZE ${schema}.due`);
    const before = new Date(Date.UTC(2026, 0, 2));
    expect(await plan({ status: 'sending', at: { $lt: before } }, { at: 1, _id: 1 })).toContain(names.live);
    expect(await plan({ status: { $in: ['queued', 'deferred'] }, at: { $lte: before } }, { at: 1, _id: 1 })).toContain(names.live);
    expect(await plan({ pending: true, at: { $lt: before } }, { at: 1 })).toContain(names.pending);
    expect(await plan({ purgedAt: null, status: 'sent', at: { $lte: before } }, { at: 1 })).toContain(names.unpurged);
    // Outside the conditions, the index cannot answer.
    expect(await plan({ status: 'sent', at: { $lt: before } }, { at: 1 })).not.toContain(names.live);
    expect(await plan({ status: { $in: ['queued', 'sent'] } }, { at: 1 })).not.toContain(names.live);
    expect(await plan({ pending: false }, { at: 1 })).not.toContain(names.pending);
    expect(await plan({ status: 'sent' }, { at: 1 })).not.toContain(names.unpurged);
    await store.close();
  });

  it('when documents move in and out of a partial index, then it holds only those inside', async () => {
    const store = await createPostgresStore({ url, schema, ownPool: true });
    const c = store.collection<Message>('moving');
    await c.createIndex({ pending: 1, at: 1 }, { partial: PENDING });
    await c.insertMany(messages(70));
    await c.updateMany({ status: 'sent' }, { $set: { pending: true } });
    await c.updateMany({ status: 'queued' }, { $set: { pending: false } });
    const inside = await c.count({ pending: true });
    expect(inside).toBeGreaterThan(10);
    await admin.query(`VACUUM ${schema}.moving`);
    const name = derivedName('moving', 'index pending asc, at asc where pending = true');
    const { rows } = await admin.query<{ n: number }>(`SELECT reltuples::int AS n FROM pg_class WHERE relname = $1`, [name]);
    expect(rows[0].n).toBe(inside);
    await store.close();
  });

  it('when a store from before has the same keys unfiltered and two processes start at once, then the partial index replaces it', async () => {
    const first = await createPostgresStore({ url, schema, ownPool: true });
    const old = first.collection<Message>('old');
    await old.createIndex({ status: 1, at: 1 });
    await old.insertMany(messages(20));
    await first.close();
    const full = derivedName('old', 'index status asc, at asc');
    expect((await indexesOf('old')).map((i) => i.name)).toContain(full);

    const stores = await Promise.all([1, 2].map(() => createPostgresStore({ url, schema, ownPool: true })));
    await Promise.all(stores.map((s) => s.collection<Message>('old').createIndex({ status: 1, at: 1 }, { partial: LIVE })));
    const indexes = await indexesOf('old');
    expect(indexes.map((i) => i.name)).not.toContain(full);
    const partial = indexes.find(
      (i) => i.name === derivedName('old', 'index status asc, at asc where status in ["queued","deferred","sending"]'),
    );
    expect(partial?.def).toMatch(/WHERE/);
    expect(await stores[0].collection<Message>('old').count({ status: 'queued' })).toBe(4);
    for (const s of stores) await s.close();
  });
});
