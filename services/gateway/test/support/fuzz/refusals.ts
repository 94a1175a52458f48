import fc from 'fast-check';
import { deref, type Operation } from '@mailplane/contracts';
import { bodySchema, validDraft, type Draft } from './draft';
import type { FuzzTenant } from './fixtures';
import * as hostile from './hostile';
import { printable, type FuzzRequest } from './http';
import type { Schema } from './schema-arbitrary';
import { OVERSIZE, toRequest } from './serialize';

// A value of a type the schema does not take.
const wrongTypeFor = (schema: Schema) => {
  const s = deref(schema);
  const types = [s.type].flat();
  return types.includes('string') || s.enum || s.const ? 42 : 'not of this type';
};

const FORGED_AUTH = fc.constantFrom('Bearer', 'Basic dXNlcjpwYXNz', 'Token x', `Bearer mp_${'0'.repeat(26)}_${'A'.repeat(43)}`);

/**
 * Requests the contract refuses for certain, whatever the generated values: bodies that are broken, encoded,
 * too large, too deep or too wide, a required field missing or of the wrong type, an unknown field, a
 * forged key, a malformed id. None may change anything.
 */
export function refusalFor(op: Operation, fx: FuzzTenant): fc.Arbitrary<FuzzRequest> {
  const valid = validDraft(op, fx);
  const takesJson = op.requestContentTypes.includes('application/json');
  const schema = takesJson && !op.rawBody ? deref(bodySchema(op, 'application/json') ?? {}) : undefined;
  const required = ((schema?.required as string[] | undefined) ?? []).filter((k) => k in ((schema?.properties as object) ?? {}));
  const raw = (headers: Record<string, string>, text: string | Buffer) => (d: Draft) => ({
    ...d,
    headers: { ...d.headers, ...headers },
    body: undefined,
    raw: typeof text === 'string' ? Buffer.from(text, 'latin1') : text,
  });
  const json = { 'content-type': 'application/json' };
  const families: Array<[string, (d: Draft) => fc.Arbitrary<Draft>]> = [
    ['encoding', (d) => hostile.encodedBody.map((e) => raw({ ...json, 'content-encoding': e.encoding }, e.bytes)(d))],
    ['oversized', (d) => fc.constant(raw(json, `"${'x'.repeat(OVERSIZE + 1)}"`)(d))],
  ];
  if (takesJson) families.push(['broken-json', (d) => hostile.brokenJson.map((t) => raw(json, t)(d))]);
  if (schema)
    families.push(
      ['deep-body', (d) => hostile.deepBody.map((t) => raw(json, t)(d))],
      ['complex-body', (d) => hostile.complexBody.map((t) => raw(json, t)(d))],
    );
  if (schema?.additionalProperties === false)
    families.push(['unknown-field', (d) => fc.constantFrom('__proto__', 'admin', 'tenantId').map((k) => withField(d, k, 1))]);
  if (required.length > 0) {
    const props = schema?.properties as Record<string, Schema>;
    families.push(
      ['missing-field', (d) => fc.constantFrom(...required).map((k) => withField(d, k, undefined))],
      ['wrong-type', (d) => fc.constantFrom(...required).map((k) => withField(d, k, wrongTypeFor(props[k])))],
    );
  }
  if (op.security === 'bearer')
    families.push(['forged-key', (d) => FORGED_AUTH.map((a) => ({ ...d, headers: { ...d.headers, authorization: a } }))]);
  if (op.path.includes('{'))
    families.push([
      'path-id',
      (d) => hostile.hostilePathId.map((id) => ({ ...d, params: Object.fromEntries(Object.keys(d.params).map((k) => [k, id])) })),
    ]);
  return fc.oneof(...families.map(([name, bend]) => valid.chain(bend).map((d) => printable(toRequest(op, name, d)))));
}

function withField(d: Draft, name: string, value: unknown): Draft {
  const body = { ...((d.body?.value as object) ?? {}) } as Record<string, unknown>;
  if (value === undefined) delete body[name];
  else Object.defineProperty(body, name, { value, enumerable: true, writable: true, configurable: true });
  return { ...d, body: { mediaType: 'application/json', value: body } };
}
