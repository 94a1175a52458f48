// JSON has no dates: a Date is TAG + 'D' + its ISO form, fixed width (years 0000-9999) so SQL orders it in time, and the
// tag keeps it apart from strings. A real string starting with TAG is stored as TAG + 'S' + itself.
const TAG = '\u0001';
export const DATE_PREFIX = `${TAG}D`;
/** The smallest string above every encoded Date: the upper end of a Date-only range. */
export const DATE_END = `${TAG}E`;
const ESCAPED = `${TAG}S`;

type Plain = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** A scalar as SQL sees it: Dates and strings encoded, booleans as 1/0 (as json_extract returns them). */
export function encodeScalar(value: unknown): unknown {
  if (value instanceof Date) return DATE_PREFIX + value.toISOString();
  if (typeof value === 'string') return value.startsWith(TAG) ? ESCAPED + value : value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

export function decodeString(value: string): string | Date {
  if (!value.startsWith(TAG)) return value;
  if (value.startsWith(DATE_PREFIX)) return new Date(value.slice(DATE_PREFIX.length));
  return value.startsWith(ESCAPED) ? value.slice(ESCAPED.length) : value;
}

/** A JSON-ready copy (undefined fields dropped), noting the paths that hold arrays: only queries on those look inside arrays. */
export function toStored(value: unknown, arrays?: Set<string>, path = ''): unknown {
  if (typeof value === 'boolean') return value;
  if (value instanceof Date || typeof value !== 'object' || value === null) return encodeScalar(value);
  if (Array.isArray(value)) {
    if (path) arrays?.add(path);
    return value.map((v) => toStored(v, arrays, path));
  }
  const out: Plain = {};
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    const v = (value as Plain)[k];
    if (v !== undefined) out[k] = toStored(v, arrays, path ? `${path}.${k}` : k);
  }
  return out;
}

export function encodeDoc(doc: Plain, arrays?: Set<string>): string {
  const { _id: _, ...rest } = doc;
  return JSON.stringify(toStored(rest, arrays));
}

function revive(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith(TAG) ? decodeString(value) : value;
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = revive(value[i]);
  } else {
    for (const key in value) (value as Plain)[key] = revive((value as Plain)[key]);
  }
  return value;
}

// JSON.stringify writes TAG escaped, so text without this holds no Date and no escaped string.
const ESCAPED_TAG = '\\u0001';

/** A parse reviver costs a call per value; walking the parsed value only when it holds a tag is about half as dear. */
export const parseStored = (json: string): unknown => {
  const value: unknown = JSON.parse(json);
  return json.includes(ESCAPED_TAG) ? revive(value) : value;
};

export function decodeDoc<T>(id: string, json: string): T {
  return { _id: id, ...(parseStored(json) as Plain) } as T;
}

export { isPlainObject };
