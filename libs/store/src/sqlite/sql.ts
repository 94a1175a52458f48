import type { Filter, FindOptions } from '../port';
import { compileFilter, compileSort, type Schema } from './filter';
import { ident } from './paths';

export interface Query {
  sql: string;
  params: unknown[];
}

/** Extra conditions the engine adds (expired documents left out). */
export type Extra = Query | undefined;

function where(collection: string, schema: Schema, filter: Filter, extra: Extra): Query {
  const { sql, params } = compileFilter(collection, filter, schema);
  return extra ? { sql: `(${sql}) AND NOT IFNULL(${extra.sql}, 0)`, params: [...params, ...extra.params] } : { sql, params };
}

export function findSql(collection: string, schema: Schema, filter: Filter, options: FindOptions, extra?: Extra): Query {
  const w = where(collection, schema, filter, extra);
  const order = options.sort ? compileSort(collection, options.sort) : '';
  return {
    sql: `SELECT t.rid, t.id, t.doc FROM ${ident(collection)} AS t WHERE ${w.sql}${order} LIMIT ? OFFSET ?`,
    params: [...w.params, options.limit || -1, options.skip ?? 0],
  };
}

export function countSql(collection: string, schema: Schema, filter: Filter, extra?: Extra, limit?: number): Query {
  const w = where(collection, schema, filter, extra);
  const from = `FROM ${ident(collection)} AS t WHERE ${w.sql}`;
  return limit
    ? { sql: `SELECT count(*) AS n FROM (SELECT 1 ${from} LIMIT ?)`, params: [...w.params, limit] }
    : { sql: `SELECT count(*) AS n ${from}`, params: w.params };
}

export function deleteSql(collection: string, schema: Schema, filter: Filter, many: boolean, extra?: Extra): Query {
  const w = where(collection, schema, filter, extra);
  const table = ident(collection);
  const sql = many
    ? `DELETE FROM ${table} AS t WHERE ${w.sql}`
    : `DELETE FROM ${table} WHERE rid = (SELECT t.rid FROM ${table} AS t WHERE ${w.sql} LIMIT 1)`;
  return { sql, params: w.params };
}
