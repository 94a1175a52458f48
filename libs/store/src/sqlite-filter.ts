import type { Filter, Sort } from './port';
import { DATE_END, DATE_PREFIX, encodeScalar, isPlainObject, toStored } from './sqlite-codec';
import { assertPath, type Base, ident, jsonPath, ROW, typeAt, valueAt } from './sqlite-paths';
import { containsArgs, escapeRegex } from './text-search';

/** What the compiler needs to know about a collection beyond its filter. */
export interface Schema {
  /** Paths that have held an array in some document: only these need the (unindexable) look inside arrays. */
  arrays: ReadonlySet<string>;
  /** FTS5 trigram tables, each over the named paths in order (columns c0, c1, ...). */
  textIndexes: ReadonlyArray<{ table: string; paths: string[] }>;
  /** The rowids a text index matches, or undefined when there are more than `limit`. */
  probeText?(table: string, match: string, limit: number): number[] | undefined;
}

/** The FTS5 query for `text` in the columns of a trigram table over `indexed` that hold `paths`. */
export function trigramQuery(indexed: string[], paths: string[], text: string): string {
  const columns = paths.map((p) => `c${indexed.indexOf(p)}`).join(' ');
  return `{${columns}} : "${text.replace(/"/g, '""')}"`;
}

// Up to this many matches a search is driven by the text index; beyond it, walking the sort index and testing
// each row finds a page sooner (a common word matches every few rows) than materialising every match.
export const TEXT_PROBE_LIMIT = 5000;
// eslint-disable-next-line no-control-regex -- ASCII text can use SQLite's own lower() and instr()
const ASCII = /^[\x00-\x7f]*$/;

export interface Compiled {
  sql: string;
  params: unknown[];
}

/** A value and its JSON type, as SQL expressions: a document field or an array element. */
interface Source {
  value: string;
  type: string;
}
type Predicate = (s: Source) => string;

const RANGE: Record<string, string> = { $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' };

const isOperatorObject = (v: unknown): v is Record<string, unknown> =>
  isPlainObject(v) && !(v instanceof RegExp) && Object.keys(v).some((k) => k.startsWith('$'));

/** Compiles the port's query dialect to a WHERE expression over table alias `t` (or `root`), every value bound. */
export function compileFilter(collection: string, filter: Filter, schema: Schema, root: Base = ROW): Compiled {
  const params: unknown[] = [];
  let aliases = 0;
  const bind = (v: unknown) => {
    params.push(v);
    return '?';
  };
  const fail = (what: string): never => {
    throw new Error(`${collection}: ${what} is not supported`);
  };

  /** `pred` on the field at `path`, and on the elements of any array met on the way (as MongoDB matches). */
  function match(path: string, pred: Predicate, elementwise = true, base: Base = root, prefix = ''): string {
    const segments = path.split('.');
    for (let i = 1; i < segments.length; i++) {
      const head = segments.slice(0, i).join('.');
      if (!schema.arrays.has(prefix + head)) continue;
      const e = `j${++aliases}`;
      const inner = match(segments.slice(i).join('.'), pred, elementwise, { doc: `${e}.value` }, `${prefix}${head}.`);
      const through = `EXISTS (SELECT 1 FROM json_each(${base.doc}, ${jsonPath(head)}) AS ${e} WHERE ${e}.type = 'object' AND ${inner})`;
      return `(${typeAt(head, base)} = 'array' AND ${through})`;
    }
    const own = pred({ value: valueAt(path, base), type: typeAt(path, base) });
    if (!elementwise || !schema.arrays.has(prefix + path)) return own;
    const e = `j${++aliases}`;
    const element = pred({ value: `${e}.value`, type: `${e}.type` });
    return `(${own} OR (${typeAt(path, base)} = 'array' AND EXISTS (SELECT 1 FROM json_each(${base.doc}, ${jsonPath(path)}) AS ${e} WHERE ${element})))`;
  }

  function eq(s: Source, v: unknown): string {
    if (v === null) return `${s.value} IS NULL`;
    if (v instanceof RegExp) return regex(s, v);
    // The typed check rides beside the plain comparison, which is the one an index serves.
    if (typeof v === 'boolean') return `(${s.value} = ${bind(v ? 1 : 0)} AND ${s.type} = '${v}')`;
    if (typeof v === 'string' || typeof v === 'number' || v instanceof Date) return `${s.value} = ${bind(encodeScalar(v))}`;
    if (typeof v === 'object') return `(${s.value} = ${bind(JSON.stringify(toStored(v)))} AND ${s.type} IN ('object', 'array'))`;
    return fail(`a ${typeof v} value`);
  }

  function oneOf(s: Source, list: unknown): string {
    if (!Array.isArray(list)) return fail('$in/$nin without an array');
    const plain = list.filter((v) => typeof v === 'string' || typeof v === 'number' || v instanceof Date);
    const parts = plain.length ? [`${s.value} IN (${plain.map((v) => bind(encodeScalar(v))).join(', ')})`] : [];
    for (const v of list) if (!plain.includes(v)) parts.push(eq(s, v));
    return parts.length ? `(${parts.join(' OR ')})` : '0';
  }

  // Comparisons stay within the bound's type, as in MongoDB (a Date bound never matches a string). The type
  // brackets carry a unary `+`, which keeps the planner from taking them for the range an index should scan.
  function range(s: Source, op: string, v: unknown): string {
    const cmp = `${s.value} ${op} ${bind(encodeScalar(v))}`;
    if (typeof v === 'number') return `(${cmp} AND ${s.type} IN ('integer', 'real'))`;
    if (v instanceof Date) {
      return op[0] === '>' ? `(${cmp} AND +${s.value} < ${bind(DATE_END)})` : `(${cmp} AND +${s.value} >= ${bind(DATE_PREFIX)})`;
    }
    if (typeof v === 'string') {
      return `(${cmp} AND ${s.type} = 'text' AND NOT (+${s.value} >= ${bind(DATE_PREFIX)} AND +${s.value} < ${bind(DATE_END)}))`;
    }
    return fail(`a range over a ${v === null ? 'null' : typeof v} bound`);
  }

  const regex = (s: Source, re: RegExp) => `(${s.type} = 'text' AND mp_regexp(${s.value}, ${bind(re.source)}, ${bind(re.flags)}))`;
  const not = (sql: string) => `NOT IFNULL(${sql}, 0)`;

  function operator(path: string, op: string, arg: unknown): string {
    if (op in RANGE) return match(path, (s) => range(s, RANGE[op], arg));
    switch (op) {
      case '$eq':
        return match(path, (s) => eq(s, arg));
      case '$ne':
        return not(match(path, (s) => eq(s, arg)));
      case '$in':
        return match(path, (s) => oneOf(s, arg));
      case '$nin':
        return not(match(path, (s) => oneOf(s, arg)));
      case '$exists':
        return match(path, (s) => `${s.type} IS ${arg ? 'NOT ' : ''}NULL`, false);
      case '$regex':
        return arg instanceof RegExp ? match(path, (s) => regex(s, arg)) : fail('$regex without a RegExp value');
      default:
        return fail(`operator ${op}`);
    }
  }

  function contains(arg: unknown): string {
    const { paths, text } = containsArgs(collection, arg);
    for (const p of paths) assertPath(collection, p);
    if (text === '') return '1';
    // A trigram index answers only for 3 characters or more; shorter text is matched by scanning.
    const ix = [...text].length >= 3 ? schema.textIndexes.find((x) => paths.every((p) => x.paths.includes(p))) : undefined;
    if (ix) {
      const query = trigramQuery(ix.paths, paths, text);
      const rids = schema.probeText?.(ix.table, query, TEXT_PROBE_LIMIT);
      if (rids) return rids.length > 0 ? `t.rid IN (SELECT value FROM json_each(${bind(JSON.stringify(rids))}))` : '0';
      if (!schema.probeText) return `t.rid IN (SELECT rowid FROM ${ident(ix.table)} WHERE ${ident(ix.table)} MATCH ${bind(query)})`;
    }
    if (ASCII.test(text)) {
      const found = (s: Source) => `(${s.type} = 'text' AND instr(lower(${s.value}), ${bind(text.toLowerCase())}) > 0)`;
      return `(${paths.map((p) => match(p, found)).join(' OR ')})`;
    }
    const re = new RegExp(escapeRegex(text), 'i');
    return `(${paths.map((p) => match(p, (s) => regex(s, re))).join(' OR ')})`;
  }

  function clause(key: string, value: unknown): string {
    if (key === '$or' || key === '$and') {
      if (!Array.isArray(value) || value.length === 0) return fail(`${key} without a non-empty array`);
      return `(${(value as Filter[]).map(where).join(key === '$or' ? ' OR ' : ' AND ')})`;
    }
    if (key === '$contains') return contains(value);
    if (key.startsWith('$')) return fail(`operator ${key}`);
    assertPath(collection, key);
    if (isOperatorObject(value))
      return Object.entries(value)
        .map(([op, arg]) => operator(key, op, arg))
        .join(' AND ');
    return match(key, (s) => eq(s, value));
  }

  function where(f: Filter): string {
    const parts = Object.entries(f).map(([k, v]) => `(${clause(k, v)})`);
    return parts.length ? parts.join(' AND ') : '1';
  }

  return { sql: where(filter), params };
}

/** ORDER BY over the same expressions the indexes are built on. */
export function compileSort(collection: string, sort: Sort): string {
  const keys = Object.entries(sort).map(([path, dir]) => {
    assertPath(collection, path);
    return `${valueAt(path)} ${dir === -1 ? 'DESC' : 'ASC'}`;
  });
  return keys.length ? ` ORDER BY ${keys.join(', ')}` : '';
}
