import { toStored } from '../codec';
import type { Update } from '../port';

const isEach = (v: unknown): v is { $each: unknown[] } =>
  typeof v === 'object' && v !== null && Array.isArray((v as { $each?: unknown }).$each);

const SIMPLE = new Set(['$set', '$unset', '$inc', '$push', '$setOnInsert']);

/** What `compileUpdate` answers for an update that changes nothing in an existing document (`$setOnInsert` alone). */
export const UNCHANGED = 't.doc';

/**
 * One jsonb expression for `$set`, `$unset`, `$inc`, `$push` on top-level fields (`jsonb_set` creates no parents): the row is
 * locked for one statement, not four round trips, which matters on a hot row. Undefined otherwise; array paths go into `arrays`.
 */
export function compileUpdate(update: Update, params: unknown[], arrays: Set<string>): string | undefined {
  if (!Object.keys(update).every((op) => SIMPLE.has(op))) return undefined;
  const paths = [update.$set, update.$unset, update.$inc, update.$push].flatMap((part) => Object.keys(part ?? {}));
  if (paths.some((p) => p.includes('.') || p === '_id')) return undefined;
  const bind = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  let sql = UNCHANGED;
  const set = Object.fromEntries(Object.entries(update.$set ?? {}).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length > 0) sql = `(${sql} || ${bind(JSON.stringify(toStored(set, arrays)))}::jsonb)`;
  const unset = Object.keys(update.$unset ?? {});
  if (unset.length > 0) sql = `(${sql} - ${bind(unset)}::text[])`;
  for (const [path, n] of Object.entries(update.$inc ?? {})) {
    if (typeof n !== 'number') return undefined;
    sql = `jsonb_set(${sql}, ${bind(`{${path}}`)}::text[], to_jsonb(COALESCE((t.doc->${bind(path)})::numeric, 0) + ${bind(n)}::numeric))`;
  }
  for (const [path, v] of Object.entries(update.$push ?? {})) {
    const added = toStored({ [path]: isEach(v) ? v.$each : [v] }, arrays) as Record<string, unknown>;
    // Missing or null is an empty array; jsonb_array_length fails on anything else, as $push onto a non-array must.
    const current = `COALESCE(NULLIF(t.doc->${bind(path)}, 'null'::jsonb), '[]'::jsonb)`;
    const appended = `CASE WHEN jsonb_array_length(${current}) >= 0 THEN ${current} || ${bind(JSON.stringify(added[path]))}::jsonb END`;
    sql = `jsonb_set(${sql}, ${bind(`{${path}}`)}::text[], ${appended})`;
  }
  return sql;
}
