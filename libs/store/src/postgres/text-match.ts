import { ident } from '../paths';

export interface TextTable {
  table: string;
  paths: string[];
  within: string[];
}

/** The text table that holds every one of `paths`, unless one of them has held an array (searched element by element). */
export function textTableFor(paths: string[], tables: readonly TextTable[], arrays: ReadonlySet<string>): TextTable | undefined {
  if (paths.some((p) => arrays.has(p))) return undefined;
  return tables.find((t) => paths.every((p) => t.paths.includes(p)));
}

export const textMatch = (table: TextTable, paths: string[], alias: string, pattern: string) =>
  `(${paths.map((p) => `${alias}.f${table.paths.indexOf(p)} LIKE lower(${pattern})`).join(' OR ')})`;

export const textProbe = (schema: string, table: TextTable, paths: string[], id: string, pattern: string) =>
  `EXISTS (SELECT 1 FROM ${ident(schema)}.${ident(table.table)} AS x WHERE x.id = ${id} AND ${textMatch(table, paths, 'x', pattern)})`;
