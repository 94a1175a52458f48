import { encodeScalar } from '../codec';
import { indexSpec } from '../index-spec';
import { type PartialTerm, partialTag, sqlString } from '../partial-index';
import type { IndexOptions } from '../port';
import { planCountTable } from './counts';
import { BARE, ident, typeAt, valueAt } from './paths';
import { planTextScan, type TextScan } from './text-scan';

export interface IndexPlan {
  statements: string[];
  ttl?: { path: string; seconds: number };
  text?: { table: string; paths: string[]; fill: string; scan?: TextScan };
  counts?: { table: string; paths: string[]; fill: string };
}

const name = (collection: string, keys: [string, 1 | -1][], suffix: string) =>
  `${collection}__${keys.map(([k, d]) => `${k}_${d === -1 ? 'desc' : 'asc'}`).join('__')}${suffix}`;

/** On exactly the expressions the filter compiler writes, so the planner uses them for equality, ranges and ORDER BY. */
export function planIndex(collection: string, keys: Record<string, 1 | -1>, options: IndexOptions): IndexPlan {
  const spec = indexSpec(collection, keys, options);
  if (spec.kind === 'text') return textIndex(collection, spec.paths, spec.within);
  if (spec.kind === 'counts') {
    const { table, statements, fill } = planCountTable(collection, spec.paths);
    return { statements, counts: { table, paths: spec.paths, fill } };
  }
  const { entries } = spec;
  // SQLite matches a partial index's condition only to the same one in the query: `IN` lists would never match.
  const partial = spec.partial.filter((t) => !t.listed);
  const table = ident(collection);
  const columns = entries.map(([path, dir]) => `${valueAt(path, BARE)}${dir === -1 ? ' DESC' : ''}`);
  const statements: string[] = [];
  if (spec.unique) {
    statements.push(
      `CREATE UNIQUE INDEX IF NOT EXISTS ${ident(name(collection, entries, '__unique'))} ON ${table} (${columns.join(', ')})`,
    );
    statements.push(nullGuard(collection, entries, spec.sparse));
  } else {
    // The id last orders ties as paging sorts end, and lets a deep offset skip index entries without reading rows.
    const last = entries[entries.length - 1][1];
    const withId = spec.paths.includes('_id') ? columns : [...columns, `id${last === -1 ? ' DESC' : ''}`];
    const full = ident(name(collection, entries, ''));
    const named = partial.length ? ident(name(collection, entries, `__partial_${partialTag(partial)}`)) : full;
    const where = partial.length ? ` WHERE ${partial.map(condition).join(' AND ')}` : '';
    statements.push(`CREATE INDEX IF NOT EXISTS ${named} ON ${table} (${withId.join(', ')})${where}`);
    if (partial.length) statements.push(`DROP INDEX IF EXISTS ${full}`);
  }
  return spec.ttl ? { statements, ttl: spec.ttl } : { statements };
}

/** An equality as the filter compiler writes it (`= ?`, `IS NULL`), the value written in: SQLite matches a bound value to it. */
function condition({ path, values: [v] }: PartialTerm): string {
  const value = valueAt(path, BARE);
  if (v === null) return `${value} IS NULL`;
  const encoded = encodeScalar(v);
  return `${value} = ${typeof encoded === 'string' ? sqlString(encoded) : String(encoded)}`;
}

/**
 * MongoDB allows one document with a null or missing key, SQLite any number: this partial index of only those rows refuses a
 * second (null as an empty blob, which json_extract never returns). Sparse skips documents lacking every key.
 */
function nullGuard(collection: string, entries: [string, 1 | -1][], sparse: boolean): string {
  const values = entries.map(([p]) => valueAt(p, BARE));
  const someNull = values.map((v) => `${v} IS NULL`).join(' OR ');
  const present = entries.map(([p]) => `${typeAt(p, BARE)} IS NOT NULL`).join(' OR ');
  const where = sparse ? `(${someNull}) AND (${present})` : someNull;
  const guardName = ident(name(collection, entries, '__unique_nulls'));
  return `CREATE UNIQUE INDEX IF NOT EXISTS ${guardName} ON ${ident(collection)} (${values.map((v) => `ifnull(${v}, X'')`).join(', ')}) WHERE ${where}`;
}

/** An FTS5 trigram table kept by triggers, contentless (text only in the documents); contentless_delete drops rows without it. */
function textIndex(collection: string, paths: string[], within: string[]): IndexPlan {
  const table = `${collection}__text__${paths.join('__')}`;
  const fts = ident(table);
  const cols = paths.map((_, i) => `c${i}`).join(', ');
  const values = (row: string) => paths.map((p) => valueAt(p, { doc: `${row}.doc` })).join(', ');
  const insert = (row: string) => `INSERT INTO ${fts} (rowid, ${cols}) VALUES (${row}.rid, ${values(row)});`;
  const changed = paths.map((p) => `${valueAt(p, { doc: 'old.doc' })} IS NOT ${valueAt(p, { doc: 'new.doc' })}`).join(' OR ');
  const trigger = (suffix: string) => ident(`${table}__${suffix}`);
  const on = ident(collection);
  const scan = within.length ? planTextScan(collection, table, paths, within) : undefined;
  return {
    statements: [
      ...(scan ? [scan.statement] : []),
      `CREATE VIRTUAL TABLE IF NOT EXISTS ${fts} USING fts5(${cols}, content='', contentless_delete=1, tokenize='trigram')`,
      `CREATE TRIGGER IF NOT EXISTS ${trigger('insert')} AFTER INSERT ON ${on} BEGIN ${insert('new')} END`,
      `CREATE TRIGGER IF NOT EXISTS ${trigger('delete')} AFTER DELETE ON ${on} BEGIN DELETE FROM ${fts} WHERE rowid = old.rid; END`,
      `CREATE TRIGGER IF NOT EXISTS ${trigger('update')} AFTER UPDATE OF doc ON ${on} WHEN ${changed} ` +
        `BEGIN DELETE FROM ${fts} WHERE rowid = old.rid; ${insert('new')} END`,
    ],
    text: {
      table,
      paths,
      fill: `INSERT INTO ${fts} (rowid, ${cols}) SELECT rid, ${paths.map((p) => valueAt(p, BARE)).join(', ')} FROM ${on}`,
      scan: scan?.scan,
    },
  };
}
