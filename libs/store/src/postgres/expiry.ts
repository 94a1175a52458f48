import type { PgEngine } from './engine';
import { query } from './pool';

/** Deletes expired documents a batch at a time (each its own statement), passing over rows others hold; returns how many. */
export async function purgeExpired(engine: PgEngine, name: string, batch = 1000, maxBatches = 100): Promise<number> {
  const state = await engine.state(name);
  const params: unknown[] = [];
  const expired = engine.expired(state, params);
  if (!expired) return 0;
  const sql = `DELETE FROM ${state.table} WHERE id IN (SELECT t.id FROM ${state.table} AS t WHERE ${expired} LIMIT ${batch} FOR UPDATE SKIP LOCKED)`;
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const { rowCount } = await query(engine.pool, sql, params);
    total += rowCount ?? 0;
    if ((rowCount ?? 0) < batch) break;
  }
  return total;
}
