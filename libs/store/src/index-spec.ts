import { type PartialTerm, partialTerms } from './partial-index';
import { assertPath } from './paths';
import type { IndexOptions } from './port';

/** A substring index over `paths`, scoped by `within` (`IndexOptions.text`). */
export interface TextIndexSpec {
  kind: 'text';
  paths: string[];
  within: string[];
}

/** Counts of documents per combination of the keys' values (`IndexOptions.counts`). */
export interface CountIndexSpec {
  kind: 'counts';
  paths: string[];
}

/** An index over the keys, unique, sparse, covering, partial or expiring as asked (`IndexOptions`). */
export interface PlainIndexSpec {
  kind: 'plain';
  entries: [string, 1 | -1][];
  paths: string[];
  unique: boolean;
  sparse: boolean;
  covering: boolean;
  partial: PartialTerm[];
  ttl?: { path: string; seconds: number };
}

export type IndexSpec = TextIndexSpec | CountIndexSpec | PlainIndexSpec;

/** Checked alike for every engine (meanings: `IndexOptions`; builds: beside each engine); throws on what no engine builds. */
export function indexSpec(collection: string, keys: Record<string, 1 | -1>, options: IndexOptions = {}): IndexSpec {
  const entries = Object.entries(keys);
  if (entries.length === 0) throw new Error(`${collection}: an index needs at least one key`);
  for (const [path] of entries) assertPath(collection, path);
  const paths = entries.map(([path]) => path);
  const partial = partialTerms(collection, options);
  if (options.text) {
    const within = options.within ?? [];
    for (const path of within) assertPath(collection, path);
    if ([...paths, ...within].includes('_id')) throw new Error(`${collection}: a text index names fields other than _id`);
    return { kind: 'text', paths, within };
  }
  if (options.counts) {
    if (paths.includes('_id')) throw new Error(`${collection}: a count index cannot be keyed by _id`);
    return { kind: 'counts', paths };
  }
  const { unique = false, sparse = false, covering = false, expireAfterSeconds } = options;
  if (expireAfterSeconds !== undefined && (entries.length !== 1 || paths[0].includes('.'))) {
    throw new Error(`${collection}: a TTL index takes one top-level field`);
  }
  if (covering && (unique || expireAfterSeconds !== undefined || paths.some((p) => p === '_id' || p.includes('.')))) {
    throw new Error(`${collection}: a covering index is a plain index over top-level fields other than _id`);
  }
  const ttl = expireAfterSeconds === undefined ? {} : { ttl: { path: paths[0], seconds: expireAfterSeconds } };
  return { kind: 'plain', entries, paths, unique, sparse, covering, partial, ...ttl };
}
