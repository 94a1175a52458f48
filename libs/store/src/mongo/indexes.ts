import type { Collection as MongoCollection, CreateIndexesOptions, Document } from 'mongodb';
import { type PartialTerm, partialTag } from '../partial-index';

const defaultName = (keys: Record<string, 1 | -1>) =>
  Object.entries(keys)
    .map(([k, d]) => `${k}_${d}`)
    .join('_');

/**
 * Equality conditions only (MongoDB before 6.0 refuses `$in` there), named apart from the unfiltered index it replaces (one
 * name, one index); two replicas may both drop that one, and one finds it gone.
 */
export async function createPartialIndex<T extends Document>(
  coll: MongoCollection<T>,
  keys: Record<string, 1 | -1>,
  partial: PartialTerm[],
  createOptions: CreateIndexesOptions,
): Promise<boolean> {
  const terms = partial.filter((t) => !t.listed);
  if (terms.length === 0) return false;
  const partialFilterExpression = Object.fromEntries(terms.map((t) => [t.path, t.values[0]]));
  const name = `${defaultName(keys)}_partial_${partialTag(terms)}`;
  await coll.createIndex(keys, { ...createOptions, name, partialFilterExpression });
  await coll.dropIndex(defaultName(keys)).catch((err: { codeName?: string }) => {
    if (err?.codeName !== 'IndexNotFound') throw err;
  });
  return true;
}
