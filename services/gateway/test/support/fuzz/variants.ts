import fc from 'fast-check';
import { operations, type Operation } from '@mailplane/contracts';
import { parametersOf, validDraft, type Draft } from './draft';
import type { FuzzTenant } from './fixtures';
import * as hostile from './hostile';
import { printable, type FuzzRequest } from './http';
import { boundaryMutation, fieldMutation } from './mutations';
import { OVERSIZE, toRequest } from './serialize';
import { operationsAt } from '../../../src/entry-points/routes';

/** Every family of input, weighted so that about a third of the requests are the valid ones. */
export function requestFor(op: Operation, fx: FuzzTenant): fc.Arbitrary<FuzzRequest> {
  const valid = validDraft(op, fx);
  const bend = (variant: string, change: (d: Draft) => fc.Arbitrary<Draft>) =>
    valid.chain(change).map((d) => printable(toRequest(op, variant, d)));
  const setRaw = (headers: Record<string, string>, raw: Buffer | string) => (d: Draft) =>
    fc.constant({
      ...d,
      headers: { ...d.headers, ...headers },
      body: undefined,
      raw: typeof raw === 'string' ? Buffer.from(raw, 'latin1') : raw,
    });
  const variants = [
    { weight: 12, arbitrary: bend('valid', (d) => fc.constant(d)) },
    { weight: 2, arbitrary: bend('boundary', boundaryMutation(op, parametersOf(op))) },
    { weight: 3, arbitrary: bend('field', fieldMutation) },
    {
      weight: 1,
      arbitrary: bend('broken-json', (d) => hostile.brokenJson.chain((t) => setRaw({ 'content-type': 'application/json' }, t)(d))),
    },
    {
      weight: 1,
      arbitrary: bend('content-type', (d) => hostile.contentType.map((ct) => ({ ...d, headers: { ...d.headers, 'content-type': ct } }))),
    },
    {
      weight: 1,
      arbitrary: bend('encoding', (d) =>
        hostile.encodedBody.chain((e) => setRaw({ 'content-type': 'application/json', 'content-encoding': e.encoding }, e.bytes)(d)),
      ),
    },
    {
      weight: 1,
      arbitrary: bend('oversized', (d) =>
        fc
          .integer({ min: 1, max: 20_000 })
          .chain((n) => setRaw({ 'content-type': 'application/json' }, `"${'x'.repeat(OVERSIZE + n)}"`)(d)),
      ),
    },
    { weight: 1, arbitrary: bend('deep-body', (d) => hostile.deepBody.chain((t) => setRaw({ 'content-type': 'application/json' }, t)(d))) },
    {
      weight: 1,
      arbitrary: bend('complex-body', (d) => hostile.complexBody.chain((t) => setRaw({ 'content-type': 'application/json' }, t)(d))),
    },
    {
      weight: 2,
      arbitrary: bend('query', (d) =>
        fc.array(hostile.hostileQueryPart, { minLength: 1, maxLength: 3 }).map((q) => ({ ...d, query: [...d.query, ...q] })),
      ),
    },
    {
      weight: 1,
      arbitrary: bend('headers', (d) =>
        fc
          .record(
            { 'x-request-id': hostile.headerValue, accept: hostile.headerValue, 'idempotency-key': hostile.headerValue },
            { requiredKeys: [] },
          )
          .map((h) => ({ ...d, headers: { ...d.headers, ...h } })),
      ),
    },
    ...(op.security === 'bearer'
      ? [
          {
            weight: 1,
            arbitrary: bend('auth', (d) =>
              fc
                .oneof(
                  fc.constant(fx.otherTenantKey).map((k) => `Bearer ${k}`),
                  hostile.authorization(fx.key),
                )
                .map((a) => ({ ...d, headers: { ...d.headers, authorization: a } })),
            ),
          },
        ]
      : []),
    ...(op.path.includes('{')
      ? [
          {
            weight: 2,
            arbitrary: bend('path-id', (d) =>
              hostile.hostilePathId.map((id) => ({ ...d, params: Object.fromEntries(Object.keys(d.params).map((k) => [k, id])) })),
            ),
          },
        ]
      : []),
  ];
  return fc.oneof(...variants);
}

/** A method and path the document does not have: another method, a trailing slash, another case, one segment more, a prefix. */
export function routeMiss(): fc.Arbitrary<FuzzRequest> {
  const paths = [...new Set(operations.map((op) => op.path.replace(/\{[^}]+\}/g, 'x')))];
  const bent = fc.tuple(fc.constantFrom(...paths), fc.constantFrom('same', 'slash', 'upper', 'deeper', 'prefix')).map(([path, how]) => {
    if (how === 'same') return path;
    if (how === 'slash') return `${path}/`;
    if (how === 'upper') return path.toUpperCase();
    return how === 'deeper' ? `${path}/more/more` : `/v1${path}`;
  });
  const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'TRACE');
  return fc
    .tuple(method, bent)
    .filter(([m, path]) => !operationsAt(path).some((op) => op.method === m.toLowerCase()))
    .map(([m, path]) => printable({ operationId: '', variant: 'route', method: m, path, headers: { accept: '*/*' } }));
}
