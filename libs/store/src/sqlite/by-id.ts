import type { Filter } from '../port';
import { isPlainObject } from '../codec';
import { assertPath } from './paths';

type Plain = Record<string, unknown>;
type Test = (doc: Plain) => boolean;

export const idOf = (filter: Filter): string | undefined => (typeof filter._id === 'string' ? filter._id : undefined);

const isOperatorObject = (v: unknown): v is Plain =>
  isPlainObject(v) && !(v instanceof RegExp) && Object.keys(v).some((k) => k.startsWith('$'));

function valueAt(doc: Plain, path: string): unknown {
  let cur: unknown = doc;
  for (const segment of path.split('.')) {
    if (!isPlainObject(cur)) return undefined;
    cur = cur[segment];
  }
  return cur;
}

function equality(v: unknown): ((value: unknown) => boolean) | undefined {
  if (v === null) return (value) => value === null || value === undefined;
  if (v instanceof Date) return (value) => value instanceof Date && value.getTime() === v.getTime();
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return (value) => value === v;
  return undefined;
}

/** Numbers against numbers and Dates against Dates only, as the SQL brackets them; string bounds are left to SQL. */
function range(op: string, bound: unknown): ((value: unknown) => boolean) | undefined {
  const cmp = (a: number, b: number) => (op === '$lt' ? a < b : op === '$lte' ? a <= b : op === '$gt' ? a > b : a >= b);
  if (typeof bound === 'number') return (value) => typeof value === 'number' && cmp(value, bound);
  if (bound instanceof Date) return (value) => value instanceof Date && cmp(value.getTime(), bound.getTime());
  return undefined;
}

function oneOf(list: unknown): ((value: unknown) => boolean) | undefined {
  if (!Array.isArray(list)) return undefined;
  const tests = list.map(equality);
  if (tests.some((t) => t === undefined)) return undefined;
  return (value) => tests.some((t) => t!(value));
}

function operator(op: string, arg: unknown): ((value: unknown) => boolean) | undefined {
  switch (op) {
    case '$eq':
      return equality(arg);
    case '$ne': {
      const eq = equality(arg);
      return eq && ((value) => !eq(value));
    }
    case '$in':
      return oneOf(arg);
    case '$nin': {
      const inList = oneOf(arg);
      return inList && ((value) => !inList(value));
    }
    case '$exists':
      return (value) => (value !== undefined) === Boolean(arg);
    case '$lt':
    case '$lte':
    case '$gt':
    case '$gte':
      return range(op, arg);
    default:
      return undefined;
  }
}

/** A JavaScript test for conditions it states exactly as SQL does, on never-array paths; undefined otherwise. A bad path throws. */
export function plainTest(collection: string, filter: Filter, arrays: ReadonlySet<string>): Test | undefined {
  const tests: Test[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value) || value.length === 0) return undefined;
      const parts = (value as Filter[]).map((f) => plainTest(collection, f, arrays));
      if (parts.some((p) => p === undefined)) return undefined;
      const all = parts as Test[];
      tests.push(key === '$and' ? (doc) => all.every((t) => t(doc)) : (doc) => all.some((t) => t(doc)));
      continue;
    }
    if (key.startsWith('$')) return undefined;
    assertPath(collection, key);
    const segments = key.split('.');
    if (segments.some((_, i) => arrays.has(segments.slice(0, i + 1).join('.')))) return undefined;
    const checks = isOperatorObject(value) ? Object.entries(value).map(([op, arg]) => operator(op, arg)) : [equality(value)];
    if (checks.some((c) => c === undefined)) return undefined;
    tests.push((doc) => {
      const v = valueAt(doc, key);
      return checks.every((c) => c!(v));
    });
  }
  return (doc) => tests.every((t) => t(doc));
}

export function isExpired(doc: Plain, ttl: ReadonlyMap<string, number>, now = Date.now()): boolean {
  for (const [path, seconds] of ttl) {
    const v = valueAt(doc, path);
    if (v instanceof Date && v.getTime() < now - seconds * 1000) return true;
  }
  return false;
}
