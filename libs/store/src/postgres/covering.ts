import { isOperatorObject } from '../filter-compiler';
import { ident } from '../paths';
import type { Filter, Sort } from '../port';
import { compileFilter, valueAt } from './filter';

export interface CoveringTable {
  table: string;
  paths: string[];
}

interface Query {
  sql: string;
  params: unknown[];
}

/** Triggers keeping `name` in step in the writer's transaction; the row trigger's `changed` skips other updates without a call. */
export function mirrorTriggers(
  schema: string,
  collection: string,
  name: string,
  cols: string[],
  values: (doc: string) => string[],
  changed: string,
): string[] {
  const c = `${ident(schema)}.${ident(name)}`;
  const t = `${ident(schema)}.${ident(collection)}`;
  const fn = `${ident(schema)}.${ident(`${name}_fn`)}`;
  const body = `BEGIN
    IF TG_LEVEL = 'ROW' THEN
      UPDATE ${c} SET (${cols.join(', ')}) = ROW(${values('NEW.doc').join(', ')}) WHERE id = NEW.id;
    ELSIF TG_OP = 'INSERT' THEN
      INSERT INTO ${c} (id, ${cols.join(', ')}) SELECT r.id, ${values('r.doc').join(', ')} FROM new_rows r;
    ELSE
      DELETE FROM ${c} AS c USING old_rows o WHERE c.id = o.id;
    END IF;
    RETURN NULL;
  END`;
  const trigger = (event: string, how: string) =>
    `CREATE OR REPLACE TRIGGER ${ident(`${name}_${event.toLowerCase()}`)} AFTER ${event} ON ${t} ${how} EXECUTE FUNCTION ${fn}()`;
  return [
    `CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $fn$ ${body} $fn$`,
    trigger('INSERT', 'REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT'),
    trigger('DELETE', 'REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT'),
    trigger('UPDATE', `FOR EACH ROW WHEN ${changed}`),
  ];
}

/** A narrow table of an index's keys: no index-only scan serves expressions on `doc` (docs/decisions/postgres-indexes.md). */
export function planCoveringTable(schema: string, collection: string, keys: Array<[string, 1 | -1]>, name: string) {
  const c = `${ident(schema)}.${ident(name)}`;
  const t = `${ident(schema)}.${ident(collection)}`;
  const cols = keys.map((_, i) => `k${i}`);
  const values = (doc: string) => keys.map(([p]) => valueAt(p, { doc }));
  const changed = `(ROW(${values('OLD.doc').join(', ')}) IS DISTINCT FROM ROW(${values('NEW.doc').join(', ')}))`;
  const order = keys.map(([, dir], i) => `${cols[i]}${dir === -1 ? ' DESC' : ''}`);
  return {
    table: name,
    statements: [
      `CREATE TABLE IF NOT EXISTS ${c} (id text COLLATE "C" PRIMARY KEY, ${cols.map((k) => `${k} jsonb NOT NULL`).join(', ')})`,
      // Index-only scans read unvacuumed pages' rows; by default an insert-only table waits for 20 % more (the newest days).
      `ALTER TABLE ${c} SET (autovacuum_vacuum_insert_scale_factor = 0.01)`,
      `COMMENT ON TABLE ${c} IS 'keys ${keys.map(([p]) => p).join(', ')} of ${collection}, for counts from index entries'`,
      ...mirrorTriggers(schema, collection, name, cols, values, changed),
    ],
    fill: `INSERT INTO ${c} (id, ${cols.join(', ')}) SELECT id, ${values('doc').join(', ')} FROM ${t}`,
    // Built after the fill (faster than entry by entry); the id last, as paging sorts end.
    index: `CREATE INDEX IF NOT EXISTS ${ident(`${name}_keys`)} ON ${c} (${[...order, `id${keys[keys.length - 1][1] === -1 ? ' DESC' : ''}`].join(', ')})`,
  };
}

const COVERED_OPS = new Set(['$eq', '$ne', '$in', '$nin', '$gt', '$gte', '$lt', '$lte']);

interface Covered {
  table: string;
  columns: Map<string, string>;
  where: Query;
}

/** The table holding every field named, all top-level, never arrays; no `$exists` (missing is null there), `$or`, `$and`, `$contains`. */
function covered(
  collection: string,
  filter: Filter,
  tables: CoveringTable[],
  arrays: ReadonlySet<string>,
  bytewise: boolean,
  sort: Sort = {},
): Covered | undefined {
  const entries = Object.entries(filter);
  const fits = entries.every(
    ([k, v]) =>
      !k.startsWith('$') &&
      !k.includes('.') &&
      !arrays.has(k) &&
      (!isOperatorObject(v) || Object.keys(v).every((op) => COVERED_OPS.has(op))),
  );
  const named = [...entries.map(([k]) => k), ...Object.keys(sort).filter((k) => k !== '_id')];
  const t = fits ? tables.find((x) => named.every((k) => x.paths.includes(k))) : undefined;
  if (!t) return undefined;
  const columns = new Map(t.paths.map((p, i) => [p, `k${i}`]));
  const qualified = new Map([...columns].map(([p, k]) => [p, `t.${k}`]));
  return { table: t.table, columns, where: compileFilter(collection, filter, arrays, [], { columns: qualified, bytewise }) };
}

export function countFromCovering(
  schema: string,
  collection: string,
  filter: Filter,
  tables: CoveringTable[],
  arrays: ReadonlySet<string>,
  options: { limit?: number; bytewise: boolean },
): Query | undefined {
  const c = covered(collection, filter, tables, arrays, options.bytewise);
  if (!c) return undefined;
  const from = `FROM ${ident(schema)}.${ident(c.table)} AS t WHERE ${c.where.sql}`;
  return options.limit
    ? { sql: `SELECT count(*) FROM (SELECT 1 ${from} LIMIT ${Math.trunc(options.limit)}) AS m`, params: c.where.params }
    : { sql: `SELECT count(*) ${from}`, params: c.where.params };
}

/** A later page's skipped rows come from the covering table's index, not the documents (`offset=5000` fetched 5,000 of them). */
export function findFromCovering(
  schema: string,
  collection: string,
  filter: Filter,
  tables: CoveringTable[],
  arrays: ReadonlySet<string>,
  options: { sort?: Sort; skip?: number; limit?: number; bytewise: boolean },
): Query | undefined {
  if (!options.skip || !options.sort) return undefined;
  const c = covered(collection, filter, tables, arrays, options.bytewise, options.sort);
  if (!c) return undefined;
  const order = (alias: string) =>
    Object.entries(options.sort!)
      .map(([p, dir]) => `${alias}.${p === '_id' ? 'id' : c.columns.get(p)}${dir === -1 ? ' DESC' : ''}`)
      .join(', ');
  const limit = options.limit ? ` LIMIT ${Math.trunc(options.limit)}` : '';
  const page =
    `SELECT t.* FROM ${ident(schema)}.${ident(c.table)} AS t WHERE ${c.where.sql} ` +
    `ORDER BY ${order('t')}${limit} OFFSET ${Math.trunc(options.skip)}`;
  return {
    sql: `SELECT m.id, m.doc FROM (${page}) AS s JOIN ${ident(schema)}.${ident(collection)} AS m ON m.id = s.id ORDER BY ${order('s')}`,
    params: c.where.params,
  };
}
