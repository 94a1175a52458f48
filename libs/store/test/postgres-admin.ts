import pg from 'pg';

/**
 * A connection of its own to the server of a suite's store, for what the store does not show (its indexes, its
 * statistics, a store from before built by hand); the suite's schema is dropped after it.
 */
export function schemaAdmin(url: string, schema: string) {
  const admin = new pg.Client({ connectionString: url });
  beforeAll(() => admin.connect());
  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });
  const indexesOf = async (table: string) =>
    (
      await admin.query<{ name: string; def: string }>(
        'SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE schemaname = $1 AND tablename = $2',
        [schema, table],
      )
    ).rows;
  return { admin, indexesOf };
}
