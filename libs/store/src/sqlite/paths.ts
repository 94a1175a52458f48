import type { Base } from '../filter-compiler';

export { assertCollectionName, assertPath, ident } from '../paths';

/**
 * The JSON path literal of a checked dotted path: `'$.a.b'`, segments with a hyphen quoted; with
 * `quoteAll`, every segment (`'$."a"."b"'`: the same value, but an expression no ordinary index is built on).
 */
export function jsonPath(path: string, quoteAll = false): string {
  const parts = path.split('.').map((s) => (quoteAll || s.includes('-') ? `"${s}"` : s));
  return `'$.${parts.join('.')}'`;
}

export type { Base } from '../filter-compiler';
export const ROW: Base = { doc: 't.doc', id: 't.id' };
/** Index definitions name the columns bare. */
export const BARE: Base = { doc: 'doc', id: 'id' };

/** The SQL value at `path` of the JSON in `base`; `_id` is the id column. */
export const valueAt = (path: string, base: Base = ROW): string =>
  path === '_id' && base.id ? base.id : `json_extract(${base.doc}, ${jsonPath(path, base.quoteAll)})`;

/** The JSON type at `path` (NULL when missing, 'null' for null). */
export const typeAt = (path: string, base: Base = ROW): string =>
  path === '_id' && base.id ? `'text'` : `json_type(${base.doc}, ${jsonPath(path, base.quoteAll)})`;
