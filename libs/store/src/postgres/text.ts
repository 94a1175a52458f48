import { isOperatorObject } from '../filter-compiler';
import { ident } from '../paths';
import type { Filter } from '../port';
import { mirrorTriggers } from './covering';
import { compileFilter, rawAt, valueAt } from './filter';
import { type TextTable, textTableFor } from './text-match';

interface Query {
  sql: string;
  params: unknown[];
}

/** A field's string lowered (SQL NULL for anything else): what `$contains` compares, once per write, not per read. */
const loweredAt = (path: string, doc: string) => {
  const raw = rawAt(path, { doc });
  return `lower(CASE WHEN jsonb_typeof(${raw}) = 'string' THEN ${raw} #>> '{}' END)`;
};

/**
 * Text lowered once per write, in a narrow table whose update trigger skips writes leaving the fields alone (trigram indexes
 * on the collection took every trigram again at each of a send's writes). docs/decisions/postgres-indexes.md
 */
export function planTextTable(schema: string, collection: string, paths: string[], within: string[], name: string, trigramOps: string) {
  const c = `${ident(schema)}.${ident(name)}`;
  const t = `${ident(schema)}.${ident(collection)}`;
  const fields = paths.map((_, i) => `f${i}`);
  const scope = within.map((_, i) => `w${i}`);
  const cols = [...scope, ...fields];
  const values = (doc: string) => [...within.map((p) => valueAt(p, { doc })), ...paths.map((p) => loweredAt(p, doc))];
  // The fields as stored, not lowered: the condition is evaluated for every update, without calling anything.
  const stored = (doc: string) => [...within, ...paths].map((p) => valueAt(p, { doc }));
  const changed = `(ROW(${stored('OLD.doc').join(', ')}) IS DISTINCT FROM ROW(${stored('NEW.doc').join(', ')}))`;
  return {
    table: name,
    statements: [
      `CREATE TABLE IF NOT EXISTS ${c} (id text COLLATE "C" PRIMARY KEY, ${[
        ...scope.map((k) => `${k} jsonb NOT NULL`),
        ...fields.map((f) => `${f} text`),
      ].join(', ')})`,
      // With the default 100 histogram entries, a word in 20 of a million recipients was expected 10,000 times (a full walk).
      `ALTER TABLE ${c} ${fields.map((f) => `ALTER COLUMN ${f} SET STATISTICS 1000`).join(', ')}`,
      `COMMENT ON TABLE ${c} IS 'text ${paths.join(', ')} of ${collection} lowered, within ${within.join(', ') || 'all'}, for $contains'`,
      ...mirrorTriggers(schema, collection, name, cols, values, changed),
    ],
    fill: `INSERT INTO ${c} (id, ${cols.join(', ')}) SELECT id, ${values('doc').join(', ')} FROM ${t}`,
    indexes: [
      ...fields.map((f) => `CREATE INDEX IF NOT EXISTS ${ident(`${name}_${f}`)} ON ${c} USING gin (${f} ${trigramOps})`),
      ...(scope.length ? [`CREATE INDEX IF NOT EXISTS ${ident(`${name}_within`)} ON ${c} (${[...scope, 'id'].join(', ')})`] : []),
    ],
  };
}

export function countFromText(
  schema: string,
  collection: string,
  filter: Filter,
  tables: readonly TextTable[],
  arrays: ReadonlySet<string>,
  limit: number | undefined,
): Query | undefined {
  const { $contains: contains, ...rest } = filter;
  if (!contains || typeof contains !== 'object') return undefined;
  const paths = (contains as { paths?: unknown }).paths;
  if (!Array.isArray(paths)) return undefined;
  const t = textTableFor(paths as string[], tables, arrays);
  const scoped = Object.entries(rest).every(([k, v]) => t?.within.includes(k) && !arrays.has(k) && !isOperatorObject(v) && v !== undefined);
  if (!t || !scoped) return undefined;
  const columns = new Map(t.within.map((p, i) => [p, `t.w${i}`]));
  const where = compileFilter(collection, filter, arrays, [], { columns, text: { schema, tables: [t], row: true } });
  const from = `FROM ${ident(schema)}.${ident(t.table)} AS t WHERE ${where.sql}`;
  return limit
    ? { sql: `SELECT count(*) FROM (SELECT 1 ${from} LIMIT ${Math.trunc(limit)}) AS m`, params: where.params }
    : { sql: `SELECT count(*) ${from}`, params: where.params };
}
