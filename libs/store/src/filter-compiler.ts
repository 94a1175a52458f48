import { isPlainObject } from './codec';
import { assertPath } from './paths';
import type { Filter } from './port';
import { containsArgs } from './text-search';

/** A value and its JSON type, as SQL expressions: a document field or an array element. */
export interface Source {
  value: string;
  /** The JSON type's name; NULL when the field is missing. */
  type: string;
  id?: boolean;
}

export interface Base {
  doc: string;
  id?: string;
  quoteAll?: boolean;
}

export type Predicate = (s: Source) => string;

/** What differs between the SQL engines; every value goes through `bind`. */
export interface Dialect {
  readonly TRUE: string;
  readonly FALSE: string;
  source(path: string, base: Base): Source;
  isArray(path: string, base: Base): string;
  anyElement(base: Base, path: string, alias: string, where: (element: Source, elementBase: Base) => string): string;
  isObject(element: Source): string;
  eq(s: Source, v: unknown, bind: Bind): string | undefined;
  oneOf(s: Source, list: unknown[], bind: Bind, eq: (s: Source, v: unknown) => string): string;
  range(s: Source, op: '<' | '<=' | '>' | '>=', v: unknown, bind: Bind): string | undefined;
  regex(s: Source, re: RegExp, bind: Bind): string;
  not(sql: string): string;
  contains(paths: string[], text: string, bind: Bind, match: (path: string, pred: Predicate) => string): string;
}

export type Bind = (v: unknown) => string;

export interface Compiled {
  sql: string;
  params: unknown[];
}

const RANGE: Record<string, '<' | '<=' | '>' | '>='> = { $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' };

export const isOperatorObject = (v: unknown): v is Record<string, unknown> =>
  isPlainObject(v) && !(v instanceof RegExp) && Object.keys(v).some((k) => k.startsWith('$'));

/**
 * The dialect as a WHERE, every value bound. Only `arrays` (paths that have held an array) get MongoDB's unindexable look
 * inside arrays. `placeholder(n)` spells the n-th parameter, counting `params` already bound.
 */
export function compileWhere(
  collection: string,
  filter: Filter,
  ctx: { dialect: Dialect; arrays: ReadonlySet<string>; root: Base; placeholder: (n: number) => string; params?: unknown[] },
): Compiled {
  const { dialect: d, arrays, root } = ctx;
  const params: unknown[] = ctx.params ?? [];
  let aliases = 0;
  const bind: Bind = (v) => {
    params.push(v);
    return ctx.placeholder(params.length);
  };
  const fail = (what: string): never => {
    throw new Error(`${collection}: ${what} is not supported`);
  };

  /** `pred` on the field at `path`, and on the elements of any array met on the way (as MongoDB matches). */
  function match(path: string, pred: Predicate, elementwise = true, base: Base = root, prefix = ''): string {
    const segments = path.split('.');
    for (let i = 1; i < segments.length; i++) {
      const head = segments.slice(0, i).join('.');
      if (!arrays.has(prefix + head)) continue;
      const through = d.anyElement(
        base,
        head,
        `j${++aliases}`,
        (e, inner) => `${d.isObject(e)} AND ${match(segments.slice(i).join('.'), pred, elementwise, inner, `${prefix}${head}.`)}`,
      );
      return `(${d.isArray(head, base)} AND ${through})`;
    }
    const own = pred(d.source(path, base));
    if (!elementwise || !arrays.has(prefix + path)) return own;
    return `(${own} OR (${d.isArray(path, base)} AND ${d.anyElement(base, path, `j${++aliases}`, (e) => pred(e))}))`;
  }

  const eq = (s: Source, v: unknown) => (v instanceof RegExp ? d.regex(s, v, bind) : (d.eq(s, v, bind) ?? fail(`a ${typeof v} value`)));

  function oneOf(s: Source, list: unknown): string {
    if (!Array.isArray(list)) return fail('$in/$nin without an array');
    return d.oneOf(s, list, bind, eq);
  }

  function operator(path: string, op: string, arg: unknown): string {
    if (op in RANGE) {
      return match(path, (s) => d.range(s, RANGE[op], arg, bind) ?? fail(`a range over a ${arg === null ? 'null' : typeof arg} bound`));
    }
    switch (op) {
      case '$eq':
        return match(path, (s) => eq(s, arg));
      case '$ne':
        return d.not(match(path, (s) => eq(s, arg)));
      case '$in':
        return match(path, (s) => oneOf(s, arg));
      case '$nin':
        return d.not(match(path, (s) => oneOf(s, arg)));
      case '$exists':
        return match(path, (s) => `${s.type} IS ${arg ? 'NOT ' : ''}NULL`, false);
      case '$regex':
        return arg instanceof RegExp ? match(path, (s) => d.regex(s, arg, bind)) : fail('$regex without a RegExp value');
      default:
        return fail(`operator ${op}`);
    }
  }

  function clause(key: string, value: unknown): string {
    if (key === '$or' || key === '$and') {
      if (!Array.isArray(value) || value.length === 0) return fail(`${key} without a non-empty array`);
      return `(${(value as Filter[]).map(where).join(key === '$or' ? ' OR ' : ' AND ')})`;
    }
    if (key === '$contains') return containsClause(collection, value, (paths, text) => d.contains(paths, text, bind, match));
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
    return parts.length ? parts.join(' AND ') : d.TRUE;
  }

  return { sql: where(filter), params };
}

function containsClause(collection: string, arg: unknown, compile: (paths: string[], text: string) => string): string {
  const { paths, text } = containsArgs(collection, arg);
  for (const p of paths) assertPath(collection, p);
  return compile(paths, text);
}
