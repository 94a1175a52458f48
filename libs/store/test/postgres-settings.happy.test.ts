import { describeWithPostgres } from '../../../test/support/postgres-env';
import { query, sharedPool } from '../src/postgres/pool';

describeWithPostgres('postgres store connections', (url) => {
  it('when a store queries, then neither JIT compilation nor parallel workers delay a short statement, on either pool', async () => {
    const shared = sharedPool(url, 2, true);
    try {
      for (const pool of [shared.pool, shared.relaxed]) {
        const { rows } = await query<{ jit: string; workers: string }>(
          pool,
          `SELECT current_setting('jit') AS jit, current_setting('max_parallel_workers_per_gather') AS workers`,
        );
        expect(rows[0]).toEqual({ jit: 'off', workers: '0' });
      }
      const { rows } = await query<{ commit: string }>(shared.relaxed, `SELECT current_setting('synchronous_commit') AS commit`);
      expect(rows[0].commit).toBe('off');
    } finally {
      await shared.release();
    }
  });

  it('when a substring search runs again and again on one connection, then it is never a prepared statement that could fall back to a generic plan, while other statements are', async () => {
    const shared = sharedPool(url, 1, true);
    try {
      for (let i = 0; i < 8; i++) {
        await query(shared.pool, `SELECT count(*) FROM pg_class WHERE relname LIKE $1`, [`%word${i}%`]);
        await query(shared.pool, `SELECT count(*) FROM pg_class WHERE relname = $1`, [`name${i}`]);
      }
      const { rows } = await query<{ statement: string }>(shared.pool, `SELECT statement FROM pg_prepared_statements`);
      const statements = rows.map((r) => r.statement);
      expect(statements).toContain(`SELECT count(*) FROM pg_class WHERE relname = $1`);
      expect(statements.filter((s) => /LIKE/.test(s))).toEqual([]);
    } finally {
      await shared.release();
    }
  });
});
