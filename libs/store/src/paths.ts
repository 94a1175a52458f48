// Paths and names are written into SQL (an index serves only the same expression, never a bound parameter): checked first.

const SEGMENT = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const COLLECTION = /^[A-Za-z0-9_-]{1,48}$/;
// The engines' own tables, and the blob tables kept beside a PostgreSQL store's collections.
const RESERVED = /^(sqlite_|_store_|_blob_|pg_)/i;

export function assertPath(collection: string, path: string): void {
  if (path === '_id') return;
  const segments = path.split('.');
  if (segments[0] === '_id' || !segments.every((s) => SEGMENT.test(s))) {
    throw new Error(`${collection}: field path "${path}" is not supported by the store`);
  }
}

export function assertCollectionName(name: string): void {
  if (!COLLECTION.test(name) || RESERVED.test(name)) throw new Error(`invalid collection name "${name}"`);
}

/** `"name"`: only ever called with checked names, which hold no quote. */
export const ident = (name: string): string => `"${name}"`;
