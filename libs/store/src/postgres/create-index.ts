import type { IndexOptions } from '../port';
import type { PgEngine, PgState } from './engine';
import { runDdl } from './ddl';
import { plainIndexStep } from './index-build';
import { planIndex } from './indexes';
import { query } from './pool';

/** Under the schema's DDL lock, idempotent; a plain index missing from a large collection is queued for after start-up. */
export async function createIndex(engine: PgEngine, state: PgState, keys: Record<string, 1 | -1>, options: IndexOptions): Promise<void> {
  const name = state.name;
  const ops = options.text ? await engine.trigram() : undefined;
  const plan = planIndex(engine.schema, name, keys, options, ops);
  const index = plan.index;
  const { filled, step } = await engine.ddl(async (client) => {
    const step = index && (await plainIndexStep(client, state.table, index, engine.backgroundIndexFromRows));
    if (index && step === 'now') {
      await client.query(index.create);
      await client.query(index.comment);
    }
    // Once the partial index is there; DROP … IF EXISTS of an index that is gone takes no lock.
    if (index?.replaces && step !== 'later') await client.query(`DROP INDEX IF EXISTS ${index.replaces}`);
    for (const sql of plan.statements) await runDdl(client, engine, name, sql);
    // Writes wait for this commit: none is counted twice or missed between fill and trigger.
    const fill = async (kind: 'counts' | 'covering' | 'text', table: { table: string; fill: string }, value: unknown) => {
      if (await engine.recalled(client, name, kind, table.table)) return false;
      await client.query(`LOCK TABLE ${state.table} IN SHARE ROW EXCLUSIVE MODE`);
      await client.query(table.fill);
      await engine.remember(client, name, kind, table.table, JSON.stringify(value));
      return true;
    };
    if (plan.counts) await fill('counts', plan.counts, plan.counts.paths);
    const covered = plan.covering ? await fill('covering', plan.covering, plan.covering.paths) : false;
    if (plan.covering) await runDdl(client, engine, name, plan.covering.index);
    const text = plan.text;
    const searched = text ? await fill('text', text, { paths: text.paths, within: text.within }) : false;
    if (text) for (const sql of text.indexes) await runDdl(client, engine, name, sql);
    if (text) for (const index of text.former) await client.query(`DROP INDEX IF EXISTS ${index}`);
    if (plan.ttl) await engine.remember(client, name, 'ttl', plan.ttl.path, String(plan.ttl.seconds));
    if (plan.column) await engine.remember(client, name, 'column', plan.column.path, plan.column.column);
    return { filled: [covered && plan.covering!.table, searched && text!.table].filter((t): t is string => Boolean(t)), step };
  });
  if (index && step === 'later') engine.builds.add(index);
  // Index-only scans need the filled table vacuumed (outside a transaction), the planner a text table's statistics.
  for (const table of filled) await query(engine.pool, `VACUUM (ANALYZE) ${engine.qualified(table)}`);
  if (plan.counts && !state.countTables.some((c) => c.table === plan.counts!.table)) {
    state.countTables.push({ table: plan.counts.table, paths: plan.counts.paths });
  }
  if (plan.covering && !state.coveringTables.some((c) => c.table === plan.covering!.table)) {
    state.coveringTables.push({ table: plan.covering.table, paths: plan.covering.paths });
  }
  if (plan.text && !state.textTables.some((t) => t.table === plan.text!.table)) {
    const { table, paths, within } = plan.text;
    state.textTables.push({ table, paths, within });
  }
  if (plan.ttl) state.ttl.set(plan.ttl.path, plan.ttl.seconds);
  if (plan.column) state.columns.set(plan.column.path, plan.column.column);
}
