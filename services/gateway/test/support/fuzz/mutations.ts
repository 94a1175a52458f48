import fc from 'fast-check';
import { deref, rawOperation, type Operation } from '@mailplane/contracts';
import type { Draft } from './draft';
import type { Schema } from './schema-arbitrary';

const anyJson = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 20 }),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

/** Values just inside and just outside a schema's bounds; none when it has no bounds. */
function edges(raw: Schema): unknown[] {
  const s = deref(raw);
  const out: unknown[] = [];
  for (const n of [s.minimum, s.maximum]) if (typeof n === 'number') out.push(n - 1, n, n + 1);
  if (typeof s.maxLength === 'number') out.push('x'.repeat(s.maxLength), 'x'.repeat(s.maxLength + 1));
  if (typeof s.minLength === 'number') out.push('x'.repeat(Math.max(0, s.minLength - 1)));
  if (typeof s.maxItems === 'number') out.push(Array.from({ length: s.maxItems + 1 }, () => 'x'));
  if (typeof s.maxProperties === 'number')
    out.push(Object.fromEntries(Array.from({ length: s.maxProperties + 1 }, (_, i) => [`k${i}`, 'v'])));
  return out;
}

/** One query parameter or top-level body field set to a value at or just past one of its bounds. */
export function boundaryMutation(op: Operation, parameters: Array<{ name: string; in: string; schema: Schema }>) {
  const body = deref(rawOperation(op.operationId).requestBody as { content?: Record<string, { schema?: Schema }> } | undefined);
  const bodySchema = deref((body?.content?.['application/json']?.schema ?? {}) as Schema);
  const targets = [
    ...parameters.filter((p) => p.in === 'query').flatMap((p) => edges(p.schema).map((v) => ({ query: p.name, value: v }))),
    ...Object.entries((bodySchema.properties ?? {}) as Record<string, Schema>).flatMap(([name, s]) =>
      edges(s).map((v) => ({ field: name, value: v })),
    ),
  ];
  return (d: Draft): fc.Arbitrary<Draft> => {
    if (targets.length === 0) return fc.constant(d);
    return fc.constantFrom(...targets).map((t) => {
      if ('query' in t)
        return {
          ...d,
          query: [...d.query.filter((q) => !q.startsWith(`${t.query}=`)), `${t.query}=${encodeURIComponent(String(t.value))}`],
        };
      const value = { ...((d.body?.value as object) ?? {}), [t.field]: t.value };
      return { ...d, body: { mediaType: 'application/json', value } };
    });
  };
}

/** A field dropped, given a wrong type, or added (prototype names included), or the whole body of another type. */
export function fieldMutation(d: Draft): fc.Arbitrary<Draft> {
  const value = d.body?.value;
  const mediaType = d.body?.mediaType === 'none' || !d.body ? 'application/json' : d.body.mediaType;
  const whole = anyJson.map((v) => ({ ...d, body: { mediaType, value: v } }));
  if (!value || typeof value !== 'object' || Array.isArray(value) || Object.keys(value).length === 0) return whole;
  const keys = Object.keys(value);
  const withValue = (next: object) => ({ ...d, body: { mediaType, value: next } });
  return fc.oneof(
    whole,
    fc.constantFrom(...keys).map((k) => withValue(Object.fromEntries(Object.entries(value).filter(([name]) => name !== k)))),
    fc.tuple(fc.constantFrom(...keys), anyJson).map(([k, v]) => withValue({ ...value, [k]: v })),
    fc
      .tuple(fc.constantFrom('__proto__', 'constructor', 'admin', 'tenantId', ''), anyJson)
      .map(([k, v]) => withValue({ ...value, ...JSON.parse(`{${JSON.stringify(k)}:${JSON.stringify(v)}}`) })),
  );
}
