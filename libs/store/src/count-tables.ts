import type { Filter } from './port';

export interface CountTable {
  table: string;
  paths: string[];
}

/**
 * The count table that answers `filter`, with the value for each of its keys the filter names: when the filter
 * is only equalities to strings or Dates on some of the table's fields, none of which has held an array (a
 * document would then count once per combination, not per element).
 */
export function countTableFor(
  filter: Filter,
  tables: CountTable[],
  arrays: ReadonlySet<string>,
): { table: string; where: Array<{ key: number; value: string | Date }> } | undefined {
  const entries = Object.entries(filter);
  const fits = entries.every(([k, v]) => (typeof v === 'string' || v instanceof Date) && !arrays.has(k));
  if (!fits) return undefined;
  const t = tables.find((x) => entries.every(([k]) => x.paths.includes(k)));
  if (!t) return undefined;
  return { table: t.table, where: entries.map(([k, v]) => ({ key: t.paths.indexOf(k), value: v as string | Date })) };
}
