import type { Filter, FindOptions, Sort } from '../port';
import type { PgEngine, PgState } from './engine';
import { ident } from '../paths';
import { compileFilter, compileSort } from './filter';

export interface Query {
  sql: string;
  params: unknown[];
}

const columnsOf = (state: PgState) => new Map([...state.columns].map(([path, column]) => [path, `t.${ident(column)}`]));

/** The filter, with expired documents left out, over table alias `t`. */
export function where(engine: PgEngine, state: PgState, filter: Filter, bound: unknown[] = []): Query {
  const text = { schema: engine.schema, tables: state.textTables };
  const columns = columnsOf(state);
  const { sql, params } = compileFilter(state.name, filter, state.arrays, bound, { bytewise: engine.bytewise, text, columns });
  const expired = engine.expired(state, params);
  return { sql: expired ? `(${sql}) AND NOT COALESCE(${expired}, FALSE)` : sql, params };
}

export function findSql(engine: PgEngine, state: PgState, filter: Filter, options: FindOptions): Query {
  const w = where(engine, state, filter);
  const order = options.sort ? compileSort(state.name, options.sort, columnsOf(state)) : '';
  const limit = options.limit ? ` LIMIT ${Math.trunc(options.limit)}` : '';
  const offset = options.skip ? ` OFFSET ${Math.trunc(options.skip)}` : '';
  return { sql: `SELECT t.id, t.doc FROM ${state.table} AS t WHERE ${w.sql}${order}${limit}${offset}`, params: w.params };
}

export function countSql(engine: PgEngine, state: PgState, filter: Filter, limit?: number): Query {
  const w = where(engine, state, filter);
  const from = `FROM ${state.table} AS t WHERE ${w.sql}`;
  return limit
    ? { sql: `SELECT count(*) FROM (SELECT 1 ${from} LIMIT ${Math.trunc(limit)}) AS m`, params: w.params }
    : { sql: `SELECT count(*) ${from}`, params: w.params };
}

/**
 * Under READ COMMITTED a locked row changed meanwhile is retested after that commit and passed over if it no longer matches,
 * so a compare-and-set is atomic and a claim never comes back empty while a match remains. `skipLocked`: for sorted claims.
 */
export function lockSql(
  engine: PgEngine,
  state: PgState,
  filter: Filter,
  options: { sort?: Sort; limit?: number; skipLocked?: boolean },
): Query {
  const w = where(engine, state, filter);
  const order = options.sort ? compileSort(state.name, options.sort, columnsOf(state)) : '';
  const limit = options.limit ? ` LIMIT ${options.limit}` : '';
  return {
    sql: `SELECT t.id, t.doc FROM ${state.table} AS t WHERE ${w.sql}${order}${limit} FOR UPDATE${options.skipLocked ? ' SKIP LOCKED' : ''}`,
    params: w.params,
  };
}

export function deleteSql(engine: PgEngine, state: PgState, filter: Filter, many: boolean): Query {
  const w = where(engine, state, filter);
  const sql = many
    ? `DELETE FROM ${state.table} AS t WHERE ${w.sql}`
    : `WITH one AS (SELECT t.id FROM ${state.table} AS t WHERE ${w.sql} LIMIT 1 FOR UPDATE) DELETE FROM ${state.table} WHERE id IN (SELECT id FROM one)`;
  return { sql, params: w.params };
}

/** The first match (or every one) set to `expr`, whose values are `params`, locked as in `lockSql`; returns the rows as written. */
export function updateSql(engine: PgEngine, state: PgState, filter: Filter, expr: string, params: unknown[], many: boolean): Query {
  const w = where(engine, state, filter, params);
  const sql = many
    ? `UPDATE ${state.table} AS t SET doc = ${expr} WHERE ${w.sql} RETURNING t.id, t.doc`
    : `WITH one AS (SELECT t.id FROM ${state.table} AS t WHERE ${w.sql} LIMIT 1 FOR UPDATE) ` +
      `UPDATE ${state.table} AS t SET doc = ${expr} FROM one WHERE t.id = one.id RETURNING t.id, t.doc`;
  return { sql, params: w.params };
}
