import pg from 'pg';
import { createPostgresStore, type Doc } from '../src';
import { derivedName } from '../src/postgres/indexes';
import { describeWithPostgres } from '../../../test/support/postgres-env';
import { eventually } from '../../../test/support/eventually';
import { schemaAdmin } from './postgres-admin';

interface Message extends Doc {
  status: string;
  at: Date;
}

const LIVE = { status: { $in: ['queued', 'deferred', 'sending'] } };
const STATUSES = ['queued', 'deferred', 'sending', 'sent', 'failed'];
const messages = (n: number, from = 0): Message[] =>
  Array.from({ length: n }, (_, i) => ({
    _id: `m${String(from + i).padStart(5, '0')}`,
    status: STATUSES[(from + i) % STATUSES.length],
    at: new Date(Date.UTC(2026, 0, 1, 0, from + i)),
  }));

describeWithPostgres('postgres indexes built after start-up', (url) => {
  const schema = `build_${process.pid}`;
  const { admin, indexesOf } = schemaAdmin(url, schema);
  const full = (c: string) => derivedName(c, 'index status asc, at asc');
  const partial = (c: string) => derivedName(c, 'index status asc, at asc where status in ["queued","deferred","sending"]');
  // Large enough for the tests' stores (the planner's estimate after ANALYZE), where the default is 100,000.
  const open = () => createPostgresStore({ url, schema, ownPool: true, backgroundIndexFromRows: 100 });

  /** A store from before: the unfiltered index, `n` messages, and the planner's estimate of them. */
  async function storeFromBefore(collection: string, n: number) {
    const first = await createPostgresStore({ url, schema, ownPool: true });
    const c = first.collection<Message>(collection);
    await c.createIndex({ status: 1, at: 1 });
    await c.insertMany(messages(n));
    await first.close();
    await admin.query(`ANALYZE ${schema}.${collection}`);
  }
  const valid = async (index: string) =>
    (
      await admin.query<{ valid: boolean }>('SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = to_regclass($1)', [
        `${schema}.${index}`,
      ])
    ).rows[0]?.valid ?? null;
  /** A writer's transaction left open on the collection: an index build must wait for it. */
  async function openWriter(collection: string) {
    const writer = new pg.Client({ connectionString: url });
    await writer.connect();
    await writer.query('BEGIN');
    await writer.query(`INSERT INTO ${schema}.${collection} (id, doc) VALUES ('w1', '{"status": "queued"}')`);
    return writer;
  }
  const buildWaiting = async () =>
    (
      await admin.query(
        `SELECT 1 FROM pg_stat_activity WHERE query LIKE 'CREATE INDEX CONCURRENTLY%' AND wait_event_type = 'Lock' AND datname = current_database()`,
      )
    ).rows.length > 0;

  it('when two processes start on a large store from before while a writer holds a transaction open, then neither start waits, writes go on, and the partial index is built once and replaces the unfiltered one', async () => {
    await storeFromBefore('big', 300);
    const writer = await openWriter('big');
    // In the start's DDL transaction, CREATE INDEX would wait for the writer, and every write after it for the build.
    const stores = await Promise.all([open(), open()]);
    await Promise.all(stores.map((s) => s.collection<Message>('big').createIndex({ status: 1, at: 1 }, { partial: LIVE })));
    await eventually(buildWaiting, 'the concurrent build waiting for the open transaction');
    await stores[1].collection<Message>('big').insertMany(messages(5, 300));
    expect(await stores[0].collection<Message>('big').count({ status: 'queued' })).toBe(61);
    expect((await indexesOf('big')).map((i) => i.name)).toContain(full('big'));

    await writer.query('COMMIT');
    await writer.end();
    await eventually(
      async () => (await valid(partial('big'))) === true && (await valid(full('big'))) === null,
      'the partial index built, the unfiltered one gone',
    );
    const indexes = await indexesOf('big');
    expect(indexes.filter((i) => i.name === partial('big'))).toHaveLength(1);
    expect(indexes.find((i) => i.name === partial('big'))?.def).toMatch(/WHERE/);
    expect(await stores[0].collection<Message>('big').count({ status: 'queued' })).toBe(62);
    for (const s of stores) await s.close();
  });

  it('when a process stops during its build, then it stops at once leaving the index not valid, and the next start drops it and builds it again', async () => {
    await storeFromBefore('stopped', 300);
    const writer = await openWriter('stopped');
    const store = await open();
    await store.collection<Message>('stopped').createIndex({ status: 1, at: 1 }, { partial: LIVE });
    await eventually(buildWaiting, 'the concurrent build waiting for the open transaction');
    await store.close();
    expect(await valid(partial('stopped'))).toBe(false);
    await writer.query('COMMIT');
    await writer.end();

    const next = await open();
    await next.collection<Message>('stopped').createIndex({ status: 1, at: 1 }, { partial: LIVE });
    await eventually(
      async () => (await valid(partial('stopped'))) === true && (await valid(full('stopped'))) === null,
      'the index built again',
    );
    expect(await next.collection<Message>('stopped').count({ status: { $in: ['queued', 'sending'] } })).toBe(121);
    await next.close();
  });

  it('when a store is below the size, then the index is built in the start as before', async () => {
    await storeFromBefore('small', 50);
    const store = await open();
    await store.collection<Message>('small').createIndex({ status: 1, at: 1 }, { partial: LIVE });
    expect(await valid(partial('small'))).toBe(true);
    expect(await valid(full('small'))).toBeNull();
    await store.close();
  });

  it('when a store restarts with nothing to change while a writer holds a transaction open, then its start takes no lock on the table and does not wait', async () => {
    const every = async (c: ReturnType<Awaited<ReturnType<typeof open>>['collection']>) => {
      await c.createIndex({ at: 1 });
      await c.createIndex({ status: 1, at: 1 }, { partial: LIVE });
      await c.createIndex({ at: 1 }, { unique: true });
      await c.createIndex({ status: 1 }, { counts: true });
      await c.createIndex({ status: 1, at: -1 }, { covering: true });
      await c.createIndex({ status: 1 }, { text: true });
      await c.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 3600 });
    };
    const first = await open();
    await every(first.collection('every'));
    await first.collection<Message>('every').insertMany(messages(20));
    await first.close();
    const writer = await openWriter('every');
    const again = await open();
    // Each CREATE INDEX IF NOT EXISTS or CREATE OR REPLACE TRIGGER run again would wait here for the writer.
    await every(again.collection('every'));
    expect(await again.collection<Message>('every').count({ status: 'queued' })).toBe(4);
    await writer.query('COMMIT');
    await writer.end();
    expect(await again.collection<Message>('every').count({ status: 'queued' })).toBe(5);
    await again.close();
  });
});
