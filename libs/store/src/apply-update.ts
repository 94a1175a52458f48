import type { Update } from './port';
import { getPath, setPath, unsetPath } from './upsert-doc';

type Plain = Record<string, unknown>;

const isEach = (v: unknown): v is { $each: unknown[] } =>
  typeof v === 'object' && v !== null && Array.isArray((v as { $each?: unknown }).$each);

/** In place, as MongoDB does ($setOnInsert acts only on an upsert's insert); undefined values are ignored, as other engines drop them. */
export function applyUpdate(collection: string, doc: Plain, update: Update): void {
  const paths = [update.$set, update.$unset, update.$inc, update.$push].flatMap((part) => Object.keys(part ?? {}));
  if (paths.some((p) => p === '_id' || p.startsWith('_id.'))) throw new Error(`${collection}: _id cannot be changed`);
  for (const [path, v] of Object.entries(update.$set ?? {})) if (v !== undefined) setPath(doc, path, v);
  for (const path of Object.keys(update.$unset ?? {})) unsetPath(doc, path);
  for (const [path, n] of Object.entries(update.$inc ?? {})) {
    const current = getPath(doc, path) ?? 0;
    if (typeof current !== 'number' || typeof n !== 'number') throw new Error(`${collection}: $inc on a non-number at "${path}"`);
    setPath(doc, path, current + n);
  }
  for (const [path, v] of Object.entries(update.$push ?? {})) {
    const current = getPath(doc, path) ?? [];
    if (!Array.isArray(current)) throw new Error(`${collection}: $push onto a non-array at "${path}"`);
    setPath(doc, path, [...current, ...(isEach(v) ? v.$each : [v])]);
  }
}
