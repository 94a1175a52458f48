import type pg from 'pg';

/**
 * Analyses the tables of `schema` whose statistics are missing or stale by autovacuum's own measure (changed rows
 * over 50 + 10 % of the table): restored by `pg_restore`, which keeps none, or bulk-loaded and not yet reached by
 * autovacuum, which analyses a big table only after vacuuming it, minutes later. Until then the planner guesses,
 * and a page of a list or a count may read a whole table.
 */
export async function analyzeUnplanned(db: Pick<pg.ClientBase, 'query'>, schema: string): Promise<void> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_stat_user_tables t ON t.relid = c.oid
      WHERE n.nspname = $1 AND c.relkind = 'r' AND c.reltuples <> 0
        AND (NOT EXISTS (SELECT 1 FROM pg_stats s WHERE s.schemaname = n.nspname AND s.tablename = c.relname)
             OR t.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0))`,
    [schema],
  );
  for (const { name } of rows) await db.query(`ANALYZE ${name}`);
}
