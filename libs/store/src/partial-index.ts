import { createHash } from 'node:crypto';
import { isPlainObject } from './codec';
import { assertPath } from './paths';
import type { IndexOptions, PartialValue } from './port';

/** One condition of a partial index: the field equals one of `values` (`listed`: stated as `$in`). */
export interface PartialTerm {
  path: string;
  values: PartialValue[];
  listed: boolean;
}

const isValue = (v: unknown): v is PartialValue => v === null || typeof v === 'string' || typeof v === 'boolean';

export function partialTerms(collection: string, options: IndexOptions): PartialTerm[] {
  if (!options.partial) return [];
  const { unique, sparse, text, counts, covering, expireAfterSeconds } = options;
  if (unique || sparse || text || counts || covering || expireAfterSeconds !== undefined) {
    throw new Error(`${collection}: a partial index is a plain index (not unique, sparse, text, counts, covering or TTL)`);
  }
  const terms = Object.entries(options.partial).map(([path, condition]): PartialTerm => {
    assertPath(collection, path);
    const listed = isPlainObject(condition);
    const values: unknown = listed ? condition.$in : [condition];
    const keys = listed ? Object.keys(condition) : ['$in'];
    if (
      path === '_id' ||
      path.includes('.') ||
      keys.join() !== '$in' ||
      !Array.isArray(values) ||
      values.length === 0 ||
      !values.every(isValue)
    ) {
      throw new Error(
        `${collection}: a partial index's condition on ${path} is a top-level field equal to a string, boolean or null, or $in a list of them`,
      );
    }
    return { path, values, listed };
  });
  if (terms.length === 0) throw new Error(`${collection}: a partial index needs at least one condition`);
  return terms;
}

/** The conditions in words, as index names are derived from them (values as JSON). */
export const partialWords = (terms: PartialTerm[]): string =>
  terms.map((t) => (t.listed ? `${t.path} in ${JSON.stringify(t.values)}` : `${t.path} = ${JSON.stringify(t.values[0])}`)).join(' and ');

export const partialTag = (terms: PartialTerm[]): string => createHash('sha1').update(partialWords(terms)).digest('hex').slice(0, 10);

export const sqlString = (s: string): string => `'${s.replace(/'/g, "''")}'`;
