import type { Filter } from './port';

const isOperatorObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).some((k) => k.startsWith('$'));

const missing = (key: string): Filter => ({ [key]: { $exists: false } });

/**
 * nedb never lets null equal a missing field; MongoDB does. Rewrites the null comparisons so that
 * `{f: null}` and `$in: [null]` also match a missing field, while `$ne: null` and `$nin: [null]` do not.
 */
export function toNedbFilter(filter: Filter): Filter {
  const out: Filter = {};
  const extra: Filter[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$or' || key === '$and') {
      out[key] = (value as Filter[]).map(toNedbFilter);
      continue;
    }
    const clause = key.startsWith('$') ? undefined : nullSafe(key, value);
    if (clause) extra.push(clause);
    else out[key] = value;
  }
  if (extra.length > 0) out.$and = [...((out.$and as Filter[] | undefined) ?? []), ...extra];
  return out;
}

function nullSafe(key: string, value: unknown): Filter | undefined {
  if (value === null) return { $or: [{ [key]: null }, missing(key)] };
  if (!isOperatorObject(value)) return undefined;
  const hasNull = (list: unknown) => Array.isArray(list) && list.includes(null);
  if (value.$ne === null || hasNull(value.$nin)) return { $and: [{ [key]: value }, { [key]: { $exists: true } }] };
  if (hasNull(value.$in)) return { $or: [{ [key]: value }, missing(key)] };
  return undefined;
}
