import { DATE_END, DATE_PREFIX, encodeScalar, toStored } from '../codec';
import { type Base, type Compiled, compileWhere, type Dialect, type Predicate, type Source } from '../filter-compiler';
import type { Filter, Sort } from '../port';
import { assertPath, ident, jsonPath, ROW, typeAt, valueAt } from './paths';
import { escapeRegex } from '../text-search';

export type { Compiled } from '../filter-compiler';

export interface Schema {
  arrays: ReadonlySet<string>;
  textIndexes: ReadonlyArray<{ table: string; paths: string[] }>;
  probeText?(table: string, match: string, limit: number): number[] | undefined;
}

export function trigramQuery(indexed: string[], paths: string[], text: string): string {
  const columns = paths.map((p) => `c${indexed.indexOf(p)}`).join(' ');
  return `{${columns}} : "${text.replace(/"/g, '""')}"`;
}

// Beyond this many matches, walking the sort index finds a page sooner than materialising every match of a common word.
export const TEXT_PROBE_LIMIT = 5000;
// eslint-disable-next-line no-control-regex -- ASCII text can use SQLite's own lower() and instr()
const ASCII = /^[\x00-\x7f]*$/;

/** SQLite's JSON functions: `json_extract` values (Dates and strings encoded, booleans as 1/0) and `json_each`. */
function sqliteDialect(schema: Schema): Dialect {
  const regex: Dialect['regex'] = (s, re, bind) => `(${s.type} = 'text' AND mp_regexp(${s.value}, ${bind(re.source)}, ${bind(re.flags)}))`;
  const eq: Dialect['eq'] = (s, v, bind) => {
    if (v === null) return `${s.value} IS NULL`;
    // The typed check rides beside the plain comparison, which is the one an index serves.
    if (typeof v === 'boolean') return `(${s.value} = ${bind(v ? 1 : 0)} AND ${s.type} = '${v}')`;
    if (typeof v === 'string' || typeof v === 'number' || v instanceof Date) return `${s.value} = ${bind(encodeScalar(v))}`;
    if (typeof v === 'object') return `(${s.value} = ${bind(JSON.stringify(toStored(v)))} AND ${s.type} IN ('object', 'array'))`;
    return undefined;
  };
  return {
    TRUE: '1',
    FALSE: '0',
    source: (path, base) => ({ value: valueAt(path, base), type: typeAt(path, base) }),
    isArray: (path, base) => `${typeAt(path, base)} = 'array'`,
    anyElement: (base, path, e, where) =>
      `EXISTS (SELECT 1 FROM json_each(${base.doc}, ${jsonPath(path)}) AS ${e} WHERE ${where({ value: `${e}.value`, type: `${e}.type` }, { doc: `${e}.value` })})`,
    isObject: (e) => `${e.type} = 'object'`,
    eq,
    oneOf(s, list, bind, anyEq) {
      const plain = list.filter((v): v is string | number | Date => typeof v === 'string' || typeof v === 'number' || v instanceof Date);
      const parts = plain.length ? [`${s.value} IN (${plain.map((v) => bind(encodeScalar(v))).join(', ')})`] : [];
      for (const v of list) if (!plain.includes(v as string)) parts.push(anyEq(s, v));
      return parts.length ? `(${parts.join(' OR ')})` : '0';
    },
    // Comparisons stay within the bound's type, as in MongoDB (a Date bound never matches a string). The type
    // brackets carry a unary `+`, which keeps the planner from taking them for the range an index should scan.
    range(s, op, v, bind) {
      const cmp = `${s.value} ${op} ${bind(encodeScalar(v))}`;
      if (typeof v === 'number') return `(${cmp} AND ${s.type} IN ('integer', 'real'))`;
      if (v instanceof Date) {
        return op[0] === '>' ? `(${cmp} AND +${s.value} < ${bind(DATE_END)})` : `(${cmp} AND +${s.value} >= ${bind(DATE_PREFIX)})`;
      }
      if (typeof v === 'string') {
        return `(${cmp} AND ${s.type} = 'text' AND NOT (+${s.value} >= ${bind(DATE_PREFIX)} AND +${s.value} < ${bind(DATE_END)}))`;
      }
      return undefined;
    },
    regex,
    not: (sql) => `NOT IFNULL(${sql}, 0)`,
    contains(paths, text, bind, match) {
      if (text === '') return '1';
      // A trigram index answers only for 3 characters or more; shorter text is matched by scanning.
      const ix = [...text].length >= 3 ? schema.textIndexes.find((x) => paths.every((p) => x.paths.includes(p))) : undefined;
      if (ix) {
        const query = trigramQuery(ix.paths, paths, text);
        const rids = schema.probeText?.(ix.table, query, TEXT_PROBE_LIMIT);
        if (rids) return rids.length > 0 ? `t.rid IN (SELECT value FROM json_each(${bind(JSON.stringify(rids))}))` : '0';
        if (!schema.probeText) return `t.rid IN (SELECT rowid FROM ${ident(ix.table)} WHERE ${ident(ix.table)} MATCH ${bind(query)})`;
      }
      const any = (pred: Predicate) => `(${paths.map((p) => match(p, pred)).join(' OR ')})`;
      if (ASCII.test(text)) return any((s: Source) => `(${s.type} = 'text' AND instr(lower(${s.value}), ${bind(text.toLowerCase())}) > 0)`);
      const re = new RegExp(escapeRegex(text), 'i');
      return any((s) => regex(s, re, bind));
    },
  };
}

export function compileFilter(collection: string, filter: Filter, schema: Schema, root: Base = ROW): Compiled {
  return compileWhere(collection, filter, { dialect: sqliteDialect(schema), arrays: schema.arrays, root, placeholder: () => '?' });
}

export function compileSort(collection: string, sort: Sort): string {
  const keys = Object.entries(sort).map(([path, dir]) => {
    assertPath(collection, path);
    return `${valueAt(path)} ${dir === -1 ? 'DESC' : 'ASC'}`;
  });
  return keys.length ? ` ORDER BY ${keys.join(', ')}` : '';
}
