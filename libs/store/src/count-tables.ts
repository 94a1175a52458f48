import type { Filter } from './port';

export interface CountTable {
  table: string;
  paths: string[];
}

/** When the filter is only string or Date equalities on a table's fields, none ever an array (a document would count per element). */
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
