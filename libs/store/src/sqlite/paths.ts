import type { Base } from '../filter-compiler';

export { assertCollectionName, assertPath, ident } from '../paths';

/** `'$.a.b'`, hyphenated segments quoted; `quoteAll` quotes every one (same value, an expression no ordinary index uses). */
export function jsonPath(path: string, quoteAll = false): string {
  const parts = path.split('.').map((s) => (quoteAll || s.includes('-') ? `"${s}"` : s));
  return `'$.${parts.join('.')}'`;
}

export type { Base } from '../filter-compiler';
export const ROW: Base = { doc: 't.doc', id: 't.id' };
export const BARE: Base = { doc: 'doc', id: 'id' };

export const valueAt = (path: string, base: Base = ROW): string =>
  path === '_id' && base.id ? base.id : `json_extract(${base.doc}, ${jsonPath(path, base.quoteAll)})`;

/** The JSON type at `path` (NULL when missing, 'null' for null). */
export const typeAt = (path: string, base: Base = ROW): string =>
  path === '_id' && base.id ? `'text'` : `json_type(${base.doc}, ${jsonPath(path, base.quoteAll)})`;
