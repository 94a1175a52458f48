import type { ContainsQuery, Filter } from './port';

export const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function containsArgs(collection: string, arg: unknown): ContainsQuery {
  const q = arg as Partial<ContainsQuery> | null;
  const paths = q?.paths;
  if (!Array.isArray(paths) || paths.length === 0 || !paths.every((p) => typeof p === 'string') || typeof q?.text !== 'string') {
    throw new Error(`${collection}: $contains takes { paths: string[] (at least one), text: string }`);
  }
  return { paths, text: q.text };
}

/** For MongoDB, which has no substring index: `$contains` as an `$or` of escaped case-insensitive regexes, one per path. */
export function expandContains(collection: string, filter: Filter): Filter {
  const out: Filter = {};
  const extra: Filter[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') {
      out[key] = Array.isArray(value) ? value.map((f: Filter) => expandContains(collection, f)) : value;
    } else if (key === '$contains') {
      const { paths, text } = containsArgs(collection, value);
      if (text === '') continue;
      const pattern = new RegExp(escapeRegex(text), 'i');
      extra.push({ $or: paths.map((p) => ({ [p]: pattern })) });
    } else out[key] = value;
  }
  if (extra.length > 0) out.$and = [...((out.$and as Filter[] | undefined) ?? []), ...extra];
  return out;
}
