import { createPostgresStore, type Doc } from '../src';
import { describeWithPostgres } from '../../../test/support/postgres-env';
import { schemaAdmin } from './postgres-admin';

interface Message extends Doc {
  status: string;
}

describeWithPostgres('postgres statistics at start-up', (url) => {
  const schema = `statistics_${process.pid}`;
  const { admin } = schemaAdmin(url, schema);
  const open = () => createPostgresStore({ url, schema, ownPool: true });
  const analysed = async (table: string) =>
    (
      await admin.query<{ manual: number; statistics: number }>(
        `SELECT analyze_count::int AS manual,
                (SELECT count(*)::int FROM pg_stats WHERE schemaname = $1 AND tablename = $2) AS statistics
           FROM pg_stat_user_tables WHERE schemaname = $1 AND relname = $2`,
        [schema, table],
      )
    ).rows[0];

  it('when a table holds rows the planner has no statistics of (bulk-loaded or restored), then two stores opening the schema at once both open, and it is analysed once before either answers', async () => {
    const loader = await open();
    await loader.collection<Message>('messages').insertMany(Array.from({ length: 500 }, (_, i) => ({ _id: `m${i}`, status: 'sent' })));
    await loader.close();
    expect(await analysed('messages')).toEqual({ manual: 0, statistics: 0 });

    const stores = await Promise.all([open(), open()]);
    try {
      expect(await analysed('messages')).toEqual({ manual: 1, statistics: expect.any(Number) });
      expect((await analysed('messages')).statistics).toBeGreaterThan(0);
      expect(await stores[1].collection<Message>('messages').count({ status: 'sent' })).toBe(500);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });

  it('when its statistics are current, then opening the store analyses nothing', async () => {
    const store = await open();
    try {
      expect((await analysed('messages')).manual).toBe(1);
    } finally {
      await store.close();
    }
  });
});
