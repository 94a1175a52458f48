import { createPostgresStore, type Doc } from '../src';
import { derivedName } from '../src/postgres/indexes';
import { describeWithPostgres } from '../../../test/support/postgres-env';
import { eventually } from '../../../test/support/eventually';
import { schemaAdmin } from './postgres-admin';

interface Counter extends Doc {
  count: number;
  expiresAt: Date;
}

const HOUR = 3_600_000;
const counters = (now: number): Counter[] => [
  { _id: 'live', count: 0, expiresAt: new Date(now + HOUR) },
  { _id: 'later', count: 0, expiresAt: new Date(now + 2 * HOUR) },
  { _id: 'gone', count: 0, expiresAt: new Date(now - HOUR) },
];

describeWithPostgres('postgres TTL column', (url) => {
  const schema = `ttlcol_${process.pid}`;
  const { admin, indexesOf } = schemaAdmin(url, schema);
  const hotUpdates = async (table: string) =>
    Number(
      (await admin.query('SELECT n_tup_hot_upd AS n FROM pg_stat_user_tables WHERE schemaname = $1 AND relname = $2', [schema, table]))
        .rows[0]?.n ?? 0,
    );

  it('when an update leaves the TTL field alone, then PostgreSQL writes it in place (HOT, no index entry), and expired documents stay hidden', async () => {
    const store = await createPostgresStore({ url, schema, ownPool: true });
    const c = store.collection<Counter>('hot');
    await c.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    await c.insertMany(counters(Date.now()));
    for (let i = 0; i < 20; i++) await c.findOneAndUpdate({ _id: 'live', count: { $lte: 100 } }, { $inc: { count: 1 } });
    expect((await c.findOne({ _id: 'live' }))?.count).toBe(20);
    expect(await c.findOne({ _id: 'gone' })).toBeNull();
    expect((await c.find({ expiresAt: { $gt: new Date() } }, { sort: { expiresAt: -1 } })).map((d) => d._id)).toEqual(['later', 'live']);
    // A backend reports its statistics when it ends.
    await store.close();
    await eventually(async () => (await hotUpdates('hot')) >= 20, 'twenty HOT updates counted', 10_000);
  });

  it('when a store from before (an expression TTL index) starts twice at once, then the column is added once, the old index goes, and expiry still hides', async () => {
    const first = await createPostgresStore({ url, schema, ownPool: true });
    const now = Date.now();
    await first.collection<Counter>('old').insertMany(counters(now));
    // What a TTL index was before: an index over the expression on the document, named from its key.
    const former = derivedName('old', 'index expiresAt asc');
    await admin.query(`CREATE INDEX ${former} ON ${schema}.old (COALESCE(doc->'expiresAt', 'null'::jsonb), id)`);
    await admin.query(`INSERT INTO ${schema}._store_meta (collection, kind, key, value) VALUES ('old', 'ttl', 'expiresAt', '0')`);
    await first.close();

    const stores = await Promise.all([1, 2].map(() => createPostgresStore({ url, schema, ownPool: true })));
    const [a, b] = stores.map((s) => s.collection<Counter>('old'));
    await Promise.all([a, b].map((c) => c.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 })));

    const indexes = (await indexesOf('old')).map((i) => i.name);
    expect(indexes).not.toContain(former);
    expect(indexes).toContain(derivedName('old', 'index expiresAt asc column'));
    expect(await a.findOne({ _id: 'gone' })).toBeNull();
    expect((await b.find({ expiresAt: { $lt: new Date(now + 1.5 * HOUR) } })).map((d) => d._id)).toEqual(['live']);
    await a.updateOne({ _id: 'live' }, { $set: { expiresAt: new Date(now - 1) } });
    expect(await b.count({})).toBe(1);
    for (const s of stores) await s.close();
  });
});
