import type { Filter, Update } from './port';

// Checks both adapters share, so a call that is wrong on one engine is refused on the other too.

const UPDATE_OPERATORS = new Set(['$set', '$unset', '$inc', '$push', '$setOnInsert']);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/** MongoDB drops undefined filter fields (widening the match, e.g. losing a tenant scope): refused on every engine. */
export function assertFilter(collection: string, filter: Filter, path = ''): void {
  for (const [key, value] of Object.entries(filter)) {
    const at = path ? `${path}.${key}` : key;
    if (value === undefined) throw new Error(`${collection}: filter field "${at}" is undefined`);
    if (Array.isArray(value)) value.forEach((v, i) => assertFilter(collection, { [i]: v }, at));
    else if (isPlainObject(value)) assertFilter(collection, value, at);
  }
}

/** Refuses replacement documents (MongoDB would replace the whole document) and operators outside the dialect. */
export function assertUpdate(collection: string, update: Update): void {
  const keys = Object.keys(update);
  if (keys.length === 0) throw new Error(`${collection}: empty update`);
  const unknown = keys.find((k) => !UPDATE_OPERATORS.has(k));
  if (unknown) throw new Error(`${collection}: update operator "${unknown}" is not supported`);
}

export function upsertId(collection: string, filter: Filter, update: Update): string {
  const id = typeof filter._id === 'string' ? filter._id : update.$setOnInsert?._id;
  if (typeof id !== 'string') {
    throw new Error(`${collection}: an upsert needs a string _id in the filter or in $setOnInsert`);
  }
  return id;
}
