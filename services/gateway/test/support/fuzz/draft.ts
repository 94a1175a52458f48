import fc from 'fast-check';
import { deref, rawOperation, type Operation } from '@mailplane/contracts';
import { ADMIN_TOKEN } from '../../../../../test/support/platform';
import type { FuzzTenant } from './fixtures';
import { validValue, type Schema } from './schema-arbitrary';

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: Schema;
}

/** A request before it is written: values still structured, so the variants can bend one part of it. */
export interface Draft {
  params: Record<string, string>;
  query: string[];
  headers: Record<string, string>;
  body?: { mediaType: string; value: unknown };
  raw?: Buffer;
}

export const parametersOf = (op: Operation): Parameter[] =>
  ((rawOperation(op.operationId).parameters as unknown[] | undefined) ?? []).map((p) => deref(p) as Parameter);

export function bodySchema(op: Operation, mediaType: string): Schema | undefined {
  const body = deref(rawOperation(op.operationId).requestBody as { content?: Record<string, { schema?: Schema }> } | undefined);
  return body?.content?.[mediaType]?.schema;
}

// Values that reach past the first refusal: a real plan, the tenant's own identity and domain, a real id.
function hints(fx: FuzzTenant): Record<string, fc.Arbitrary<unknown>> {
  return {
    plan: fc.constantFrom('starter', 'growth', 'free'),
    identityId: fc.constant(fx.ids.idn_),
    from: fc.constantFrom(`Fuzz <fuzz@${fx.domain}>`, `fuzz@${fx.domain}`, '2026-01-01T00:00:00Z'),
    to: fc.constantFrom('r@example.org', '2030-01-01T00:00:00Z'),
    url: fc.constant('https://receiver.invalid/hook'),
  };
}

function hinted(value: fc.Arbitrary<unknown>, name: string, fx: FuzzTenant): fc.Arbitrary<unknown> {
  const hint = hints(fx)[name];
  return hint ? fc.oneof(hint, value) : value;
}

function withBodyHints(value: unknown, fx: FuzzTenant): fc.Arbitrary<unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return fc.constant(value);
  const keys = Object.keys(value).filter((k) => k in hints(fx));
  const chosen = Object.fromEntries(keys.map((k) => [k, fc.option(hints(fx)[k], { nil: undefined })]));
  return fc.record(chosen).map((h) => ({ ...value, ...Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) }));
}

function realId(schema: Schema, fx: FuzzTenant): string | undefined {
  const resolved = deref(schema);
  if (resolved.format === 'email') return fx.ids.email;
  const prefix = /^\^([a-z]+_)/.exec(String(resolved.pattern ?? ''))?.[1];
  return prefix ? fx.ids[prefix] : undefined;
}

function credentials(op: Operation, fx: FuzzTenant): fc.Arbitrary<Record<string, string>> {
  if (op.security === 'admin') return fc.constant({ authorization: `Bearer ${ADMIN_TOKEN}` });
  if (op.security === 'hub') return fc.constant({ 'hub-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` });
  if (op.security !== 'bearer') return fc.constant({});
  const keys = op.permission === 'sending' ? [fx.key, fx.sendingKey] : [fx.key];
  return fc.constantFrom(...keys).map((key) => ({ authorization: `Bearer ${key}` }));
}

/** A request the contract accepts, mostly: values from the document's schemas, some pointed at real resources. */
export function validDraft(op: Operation, fx: FuzzTenant): fc.Arbitrary<Draft> {
  const parameters = parametersOf(op);
  const params = Object.fromEntries(
    parameters
      .filter((p) => p.in === 'path')
      .map((p) => {
        const real = realId(p.schema, fx);
        const generated = validValue(p.schema).map((v) => encodeURIComponent(String(v)));
        return [p.name, real ? fc.oneof(fc.constant(encodeURIComponent(real)), generated) : generated];
      }),
  );
  const queryParams = parameters.filter((p) => p.in === 'query');
  const query = fc.tuple(
    ...queryParams.map((p) => {
      const value = hinted(validValue(p.schema), p.name, fx);
      return (p.required ? value : fc.option(value, { nil: undefined })).map((v) =>
        v === undefined ? [] : [`${p.name}=${encodeURIComponent(String(v))}`],
      );
    }),
  );
  // Built once per media type: an arbitrary built inside `chain` is built again for every value drawn.
  const bodies = (op.requestContentTypes.length ? op.requestContentTypes : ['none']).map((m) => {
    const schema = bodySchema(op, m);
    if (!schema) return fc.constant(undefined);
    return validValue(schema)
      .chain((v) => withBodyHints(v, fx))
      .map((value) => ({ mediaType: m, value }));
  });
  const body = fc.oneof(...bodies);
  return fc
    .record({ params: fc.record(params), query, headers: credentials(op, fx), body })
    .map(({ query: q, ...rest }) => ({ ...rest, query: q.flat() }));
}
