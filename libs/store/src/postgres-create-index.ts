import type { IndexOptions } from './port';
import type { PgEngine, PgState } from './postgres-engine';
import { planIndex } from './postgres-indexes';
import { query } from './postgres-pool';

/**
 * Creates an index and what it implies (a count or covering table filled from the documents stored, a TTL), under
 * the schema's DDL lock: idempotent, and safe when two processes start at once.
 */
export async function createIndex(engine: PgEngine, state: PgState, keys: Record<string, 1 | -1>, options: IndexOptions): Promise<void> {
  const name = state.name;
  const ops = options.text ? await engine.trigram() : undefined;
  const plan = planIndex(engine.schema, name, keys, options, ops);
  const filled = await engine.ddl(async (client) => {
    for (const sql of plan.statements) await client.query(sql);
    // Writes wait until this transaction commits: none is counted twice or missed between fill and trigger.
    const fill = async (kind: 'counts' | 'covering', table: { table: string; paths: string[]; fill: string }) => {
      if (await engine.recalled(client, name, kind, table.table)) return false;
      await client.query(`LOCK TABLE ${state.table} IN SHARE ROW EXCLUSIVE MODE`);
      await client.query(table.fill);
      await engine.remember(client, name, kind, table.table, JSON.stringify(table.paths));
      return true;
    };
    if (plan.counts) await fill('counts', plan.counts);
    const covered = plan.covering ? await fill('covering', plan.covering) : false;
    if (plan.covering) await client.query(plan.covering.index);
    if (plan.ttl) await engine.remember(client, name, 'ttl', plan.ttl.path, String(plan.ttl.seconds));
    return covered;
  });
  // A filled table's rows become visible to index-only scans once vacuumed (which no transaction may run).
  if (filled) await query(engine.pool, `VACUUM (ANALYZE) ${engine.qualified(plan.covering!.table)}`);
  if (plan.counts && !state.countTables.some((c) => c.table === plan.counts!.table)) {
    state.countTables.push({ table: plan.counts.table, paths: plan.counts.paths });
  }
  if (plan.covering && !state.coveringTables.some((c) => c.table === plan.covering!.table)) {
    state.coveringTables.push({ table: plan.covering.table, paths: plan.covering.paths });
  }
  if (plan.ttl) state.ttl.set(plan.ttl.path, plan.ttl.seconds);
}
