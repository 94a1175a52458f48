import { DATE_END, DATE_PREFIX, toStored } from '../codec';
import { type Base, type Compiled, compileWhere, type Dialect, type Source } from '../filter-compiler';
import { assertPath } from '../paths';
import type { Filter, Sort } from '../port';
import { type TextTable, textMatch, textProbe, textTableFor } from './text-match';

export const ROW: Base = { doc: 't.doc', id: 't.id' };
export const BARE: Base = { doc: 'doc', id: 'id' };

/** `doc->'a'->'b'`: SQL NULL when the path is missing. Segments are checked paths, so they hold no quote. */
export const rawAt = (path: string, base: Base = ROW): string =>
  base.doc +
  path
    .split('.')
    .map((s) => `->'${s}'`)
    .join('');

/** Missing reads as JSON null, so `{ f: null }` is one indexable equality and both sort first; every index and query spell it so. */
export const valueAt = (path: string, base: Base = ROW): string =>
  path === '_id' && base.id ? base.id : `COALESCE(${rawAt(path, base)}, 'null'::jsonb)`;

const json = (v: unknown) => JSON.stringify(toStored(v));
const isScalar = (v: unknown): boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date;
// LIKE's own wildcards and escape, taken literally.
const likeEscape = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** JavaScript's word boundary is `\y` in PostgreSQL's regular expressions (where `\b` is a backspace). */
function toPostgresRegex(collection: string, re: RegExp): { source: string; op: string } {
  if (!/^i?$/.test(re.flags.replace('u', ''))) throw new Error(`${collection}: $regex flags "${re.flags}" are not supported`);
  const source = re.source.replace(/\\(.)/g, (m, c: string) => (c === 'b' ? '\\y' : c === 'B' ? '\\Y' : m));
  return { source, op: re.flags.includes('i') ? '~*' : '~' };
}

/** jsonb's own equality and order (tagged ISO Dates sort in time), typed brackets as MongoDB's; the id column is text, collation C. */
function postgresDialect(collection: string, arrays: ReadonlySet<string>, { columns, bytewise, text }: FilterOptions): Dialect {
  const isDate = (s: Source, bind: (v: unknown) => string) => `starts_with(${s.value} #>> '{}', ${bind(DATE_PREFIX)})`;
  const regex: Dialect['regex'] = (s, re, bind) => {
    const { source, op } = toPostgresRegex(collection, re);
    if (s.id) return `${s.value} ${op} ${bind(source)}`;
    return `(${s.type} = 'string' AND NOT ${isDate(s, bind)} AND (${s.value} #>> '{}') ${op} ${bind(source)})`;
  };
  return {
    TRUE: 'TRUE',
    FALSE: 'FALSE',
    source(path, base) {
      if (path === '_id' && base.id) return { value: base.id, type: `'string'`, id: true };
      const column = base === ROW ? columns?.get(path) : undefined;
      if (column) return { value: column, type: `jsonb_typeof(${column})` };
      return { value: valueAt(path, base), type: `jsonb_typeof(${rawAt(path, base)})` };
    },
    isArray: (path, base) => `jsonb_typeof(${rawAt(path, base)}) = 'array'`,
    anyElement: (base, path, e, where) =>
      `EXISTS (SELECT 1 FROM jsonb_array_elements(${rawAt(path, base)}) AS ${e}(value) WHERE ${where(
        { value: `${e}.value`, type: `jsonb_typeof(${e}.value)` },
        { doc: `${e}.value` },
      )})`,
    isObject: (e) => `${e.type} = 'object'`,
    eq(s, v, bind) {
      if (s.id) return typeof v === 'string' ? `${s.value} = ${bind(v)}` : 'FALSE';
      if (v === null) return `${s.value} = 'null'::jsonb`;
      if (isScalar(v) || typeof v === 'object') return `${s.value} = ${bind(json(v))}::jsonb`;
      return undefined;
    },
    oneOf(s, list, bind, anyEq) {
      const plain = list.filter((v) => (s.id ? typeof v === 'string' : isScalar(v)));
      const parts = plain.length
        ? [s.id ? `${s.value} = ANY(${bind(plain)}::text[])` : `${s.value} = ANY(${bind(plain.map(json))}::jsonb[])`]
        : [];
      for (const v of list) if (!plain.includes(v)) parts.push(anyEq(s, v));
      return parts.length ? `(${parts.join(' OR ')})` : 'FALSE';
    },
    range(s, op, v, bind) {
      if (s.id) return typeof v === 'string' ? `${s.value} ${op} ${bind(v)}` : 'FALSE';
      const cmp = `${s.value} ${op} ${bind(json(v))}::jsonb`;
      if (typeof v === 'number') return `(${cmp} AND ${s.type} = 'number')`;
      if (v instanceof Date) {
        // Bounded at the Dates' other end too, so the index range holds Dates only (not every null); bytewise that suffices,
        // and the type tests, which the planner misestimates (5 matches for 200,000: it read a million documents), go.
        const end =
          op[0] === '>'
            ? `${s.value} < ${bind(JSON.stringify(DATE_END))}::jsonb`
            : `${s.value} >= ${bind(JSON.stringify(DATE_PREFIX))}::jsonb`;
        return bytewise ? `(${cmp} AND ${end})` : `(${cmp} AND ${end} AND ${s.type} = 'string' AND ${isDate(s, bind)})`;
      }
      if (typeof v === 'string') return `(${cmp} AND ${s.type} = 'string' AND NOT ${isDate(s, bind)})`;
      return undefined;
    },
    regex,
    not: (sql) => `NOT COALESCE(${sql}, FALSE)`,
    // The text table (text.ts) if any, else ILIKE per document; both fold non-ASCII case per LC_CTYPE (a UTF-8 locale; not C).
    contains(paths, search, bind, match) {
      if (search === '') return 'TRUE';
      const pattern = `%${likeEscape(search)}%`;
      const table = text && textTableFor(paths, text.tables, arrays);
      if (table && text.row) return textMatch(table, paths, 't', bind(pattern));
      if (table) return textProbe(text.schema, table, paths, ROW.id!, bind(pattern));
      const found = (s: Source) =>
        s.id ? `${s.value} ILIKE ${bind(pattern)}` : `(${s.type} = 'string' AND (${s.value} #>> '{}') ILIKE ${bind(pattern)})`;
      return `(${paths.map((p) => match(p, found)).join(' OR ')})`;
    },
  };
}

export interface FilterOptions {
  /** Columns that hold top-level fields' values (`valueAt`), read instead of the document. */
  columns?: ReadonlyMap<string, string>;
  /** The database compares strings bytewise (collation C or POSIX): see the Date ranges. */
  bytewise?: boolean;
  /** The collection's text tables, for `$contains`; `row`: the query reads the text table itself as `t`. */
  text?: { schema: string; tables: readonly TextTable[]; row?: boolean };
}

export function compileFilter(
  collection: string,
  filter: Filter,
  arrays: ReadonlySet<string>,
  params: unknown[] = [],
  options: FilterOptions = {},
): Compiled {
  return compileWhere(collection, filter, {
    dialect: postgresDialect(collection, arrays, options),
    arrays,
    root: ROW,
    placeholder: (n) => `$${n}`,
    params,
  });
}

export function compileSort(collection: string, sort: Sort, columns?: ReadonlyMap<string, string>): string {
  const keys = Object.entries(sort).map(([path, dir]) => {
    assertPath(collection, path);
    return `${columns?.get(path) ?? valueAt(path)} ${dir === -1 ? 'DESC' : 'ASC'}`;
  });
  return keys.length ? ` ORDER BY ${keys.join(', ')}` : '';
}
