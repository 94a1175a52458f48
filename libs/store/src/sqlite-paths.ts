// Paths and names end up inside SQL text (an index only serves a query whose expression is written the same
// way, so a path cannot be a bound parameter): each is checked against a strict shape before it is used.

const SEGMENT = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const COLLECTION = /^[A-Za-z0-9_-]+$/;
const RESERVED = /^(sqlite_|_store_)/i;

export function assertPath(collection: string, path: string): void {
  if (path === '_id') return;
  const segments = path.split('.');
  if (segments[0] === '_id' || !segments.every((s) => SEGMENT.test(s))) {
    throw new Error(`${collection}: field path "${path}" is not supported by the sqlite store`);
  }
}

export function assertCollectionName(name: string): void {
  if (!COLLECTION.test(name) || RESERVED.test(name)) throw new Error(`invalid collection name "${name}"`);
}

/** `"name"`: only ever called with checked names, which hold no quote. */
export const ident = (name: string): string => `"${name}"`;

/**
 * The JSON path literal of a checked dotted path: `'$.a.b'`, segments with a hyphen quoted; with
 * `quoteAll`, every segment (`'$."a"."b"'`: the same value, but an expression no ordinary index is built on).
 */
export function jsonPath(path: string, quoteAll = false): string {
  const parts = path.split('.').map((s) => (quoteAll || s.includes('-') ? `"${s}"` : s));
  return `'$.${parts.join('.')}'`;
}

/** Where a path is read from: the document column and the id column (none inside array elements). */
export interface Base {
  doc: string;
  id?: string;
  /** Paths spelled with every segment quoted: see `jsonPath`. */
  quoteAll?: boolean;
}
export const ROW: Base = { doc: 't.doc', id: 't.id' };
/** Index definitions name the columns bare. */
export const BARE: Base = { doc: 'doc', id: 'id' };

/** The SQL value at `path` of the JSON in `base`; `_id` is the id column. */
export const valueAt = (path: string, base: Base = ROW): string =>
  path === '_id' && base.id ? base.id : `json_extract(${base.doc}, ${jsonPath(path, base.quoteAll)})`;

/** The JSON type at `path` (NULL when missing, 'null' for null). */
export const typeAt = (path: string, base: Base = ROW): string =>
  path === '_id' && base.id ? `'text'` : `json_type(${base.doc}, ${jsonPath(path, base.quoteAll)})`;
