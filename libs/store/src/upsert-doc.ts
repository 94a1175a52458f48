import type { Filter, Update } from './port';

type Plain = Record<string, unknown>;

const isOperatorObject = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).some((k) => k.startsWith('$'));

/** The document MongoDB inserts for an upsert: the filter's equality fields, then the update applied to them. */
export function upsertDocument(filter: Filter, update: Update): Plain {
  const doc: Plain = {};
  copyEqualities(filter, doc);
  for (const [path, v] of Object.entries({ ...update.$setOnInsert, ...update.$set })) setPath(doc, path, v);
  for (const [path, n] of Object.entries(update.$inc ?? {})) setPath(doc, path, ((getPath(doc, path) as number) ?? 0) + n);
  for (const [path, v] of Object.entries(update.$push ?? {})) {
    const each = isOperatorObject(v) ? (v as { $each?: unknown[] }).$each : undefined;
    setPath(doc, path, each ? [...each] : [v]);
  }
  for (const path of Object.keys(update.$unset ?? {})) unsetPath(doc, path);
  return doc;
}

function copyEqualities(filter: Filter, doc: Plain): void {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and') for (const part of value as Filter[]) copyEqualities(part, doc);
    else if (!key.startsWith('$') && !isOperatorObject(value) && !(value instanceof RegExp)) setPath(doc, key, value);
  }
}

function parentOf(doc: Plain, path: string, create: boolean): [Plain | undefined, string] {
  const parts = path.split('.');
  const last = parts.pop() as string;
  let node: Plain | undefined = doc;
  for (const part of parts) {
    if (!node) break;
    if (create && (typeof node[part] !== 'object' || node[part] === null)) node[part] = {};
    node = node[part] as Plain | undefined;
  }
  return [node, last];
}

export const getPath = (doc: Plain, path: string): unknown => {
  const [parent, key] = parentOf(doc, path, false);
  return parent?.[key];
};

export function setPath(doc: Plain, path: string, value: unknown): void {
  const [parent, key] = parentOf(doc, path, true);
  (parent as Plain)[key] = value;
}

export function unsetPath(doc: Plain, path: string): void {
  const [parent, key] = parentOf(doc, path, false);
  if (parent) delete parent[key];
}
