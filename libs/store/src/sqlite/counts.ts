import type { Filter } from '../port';
import { encodeScalar } from '../codec';
import { type CountTable, countTableFor } from '../count-tables';
import { ident, valueAt } from './paths';
import type { Query } from './sql';

/** Counting a tenant's million messages by index read ~100 MB (~400 ms); this reads a few rows. NULL is kept as an empty blob. */
export function planCountTable(collection: string, paths: string[]) {
  const table = `${collection}__counts__${paths.join('__')}`;
  const c = ident(table);
  const cols = paths.map((_, i) => `k${i}`);
  const keys = (doc: string) => paths.map((p) => `ifnull(${valueAt(p, { doc })}, X'')`);
  const same = (row: string) =>
    keys(`${row}.doc`)
      .map((k, i) => `${cols[i]} = ${k}`)
      .join(' AND ');
  const add = (row: string) =>
    `INSERT INTO ${c} (${cols.join(', ')}, n) VALUES (${keys(`${row}.doc`).join(', ')}, 1) ON CONFLICT DO UPDATE SET n = n + 1;`;
  const remove = (row: string) => `UPDATE ${c} SET n = n - 1 WHERE ${same(row)};`;
  const changed = keys('old.doc')
    .map((k, i) => `${k} IS NOT ${keys('new.doc')[i]}`)
    .join(' OR ');
  const trigger = (suffix: string) => ident(`${table}__${suffix}`);
  const on = ident(collection);
  return {
    table,
    statements: [
      `CREATE TABLE IF NOT EXISTS ${c} (${cols.join(', ')}, n INTEGER NOT NULL, PRIMARY KEY (${cols.join(', ')})) WITHOUT ROWID`,
      `CREATE TRIGGER IF NOT EXISTS ${trigger('insert')} AFTER INSERT ON ${on} BEGIN ${add('new')} END`,
      `CREATE TRIGGER IF NOT EXISTS ${trigger('delete')} AFTER DELETE ON ${on} BEGIN ${remove('old')} END`,
      `CREATE TRIGGER IF NOT EXISTS ${trigger('update')} AFTER UPDATE OF doc ON ${on} WHEN ${changed} BEGIN ${remove('old')} ${add('new')} END`,
    ],
    fill: `INSERT INTO ${c} (${cols.join(', ')}, n) SELECT ${keys('doc').join(', ')}, count(*) FROM ${on} GROUP BY ${cols.map((_, i) => i + 1).join(', ')}`,
  };
}

export function countFromTable(filter: Filter, tables: CountTable[], arrays: ReadonlySet<string>): Query | undefined {
  const found = countTableFor(filter, tables, arrays);
  if (!found) return undefined;
  const where = found.where.map(({ key }) => `k${key} = ?`);
  return {
    sql: `SELECT ifnull(sum(n), 0) FROM ${ident(found.table)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
    params: found.where.map(({ value }) => encodeScalar(value)),
  };
}
