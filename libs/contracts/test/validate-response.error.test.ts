import { problemType } from '../src/errors';
import { validateResponse } from '../src/validation';

const NOW = '2026-03-01T12:00:00.000Z';
const KEY = {
  id: 'key_01j9zzzzzzzzzzzzzzzzzzzzzz',
  name: 'ci',
  permission: 'full',
  domain: null,
  memberId: null,
  prefix: 'mp_01j9zzzzz',
  createdAt: NOW,
  lastUsedAt: null,
};
const problem = (status: number, code: string, extra: object = {}) => ({
  type: problemType(code as never),
  title: 't',
  status,
  code,
  requestId: 'req_1',
  ...extra,
});
const JSON_CT = 'application/json; charset=utf-8';
const PROBLEM_CT = 'application/problem+json';

describe('validateResponse', () => {
  it('accepts a documented success with a matching body', () => {
    expect(validateResponse('listApiKeys', 200, JSON_CT, { data: [KEY] })).toEqual([]);
    expect(validateResponse('createApiKey', 201, JSON_CT, { ...KEY, key: `mp_01j9zzzzzzzzzzzzzzzzzzzzzz_${'a'.repeat(43)}` })).toEqual([]);
  });

  it('flags a field that leaks beyond the schema (a key hash in a listing)', () => {
    expect(validateResponse('listApiKeys', 200, JSON_CT, { data: [{ ...KEY, secretHash: 'abc' }] })).toEqual([
      { path: '/body/data/0/secretHash', message: 'is not allowed' },
    ]);
  });

  it('flags a missing field and a wrong type', () => {
    const { prefix: _p, ...noPrefix } = KEY;
    expect(
      validateResponse('listApiKeys', 200, JSON_CT, { data: [{ ...noPrefix, lastUsedAt: 5 }] })
        .map((i) => i.path)
        .sort(),
    ).toEqual(['/body/data/0/lastUsedAt', '/body/data/0/prefix']);
  });

  it('flags an undocumented status', () => {
    expect(validateResponse('getCatalogue', 200, JSON_CT, { degraded: true, currency: 'EUR', plans: [] })).toEqual([]);
    expect(validateResponse('listApiKeys', 201, JSON_CT, { data: [] })).toEqual([
      { path: '/status', message: '201 is not a documented status of listApiKeys' },
    ]);
  });

  it('matches other error statuses against `default`, which must be a problem', () => {
    expect(validateResponse('listApiKeys', 504, PROBLEM_CT, problem(504, 'service_timeout'))).toEqual([]);
    expect(validateResponse('listApiKeys', 504, 'text/html', '<h1>timeout</h1>')).toHaveLength(1);
  });

  it('lets `default` stand only for the cross-cutting statuses it lists, never for a 400 the operation does not declare', () => {
    expect(validateResponse('getCatalogue', 413, PROBLEM_CT, problem(413, 'payload_too_large'))).toEqual([]);
    expect(validateResponse('getCatalogue', 400, PROBLEM_CT, problem(400, 'validation_failed'))).toEqual([
      { path: '/status', message: '400 is not a documented status of getCatalogue' },
    ]);
    expect(validateResponse('cancelSubscription', 409, PROBLEM_CT, problem(409, 'already_exists'))).toHaveLength(1);
    expect(validateResponse('hubWebhook', 415, 'text/plain', 'unsupported')).toEqual([]);
    expect(validateResponse('hubWebhook', 400, 'text/plain', 'bad')).toHaveLength(1);
  });

  it('requires problems to agree with the HTTP status and the error table', () => {
    expect(validateResponse('getEmail', 404, PROBLEM_CT, problem(404, 'not_found'))).toEqual([]);
    expect(validateResponse('getEmail', 404, PROBLEM_CT, problem(400, 'not_found')).map((i) => i.path)).toEqual(['/body/status']);
    expect(validateResponse('getEmail', 404, PROBLEM_CT, problem(404, 'validation_failed')).map((i) => i.path)).toEqual(['/body/code']);
    expect(validateResponse('getEmail', 404, PROBLEM_CT, problem(404, 'no_such_code')).map((i) => i.path)).toEqual(['/body/code']);
  });

  it('requires the quota figures on a quota_exceeded 422 of POST /emails', () => {
    const quota = problem(422, 'quota_exceeded', { limit: 3000, used: 3000, resetAt: '2026-04-01T00:00:00Z' });
    expect(validateResponse('sendEmail', 422, PROBLEM_CT, quota)).toEqual([]);
    expect(
      validateResponse('sendEmail', 422, PROBLEM_CT, problem(422, 'quota_exceeded'))
        .map((i) => i.path)
        .sort(),
    ).toEqual(['/body/limit', '/body/resetAt', '/body/used']);
    expect(validateResponse('sendEmail', 422, PROBLEM_CT, problem(422, 'idempotency_key_reused'))).toEqual([]);
  });

  it('requires an empty body on 204', () => {
    expect(validateResponse('updateWebhookEndpoint', 204, undefined, undefined)).toEqual([]);
    expect(validateResponse('updateWebhookEndpoint', 204, JSON_CT, { id: 'x' })).toEqual([
      { path: '/body', message: 'must be empty for 204' },
    ]);
  });

  it('checks text/plain webhooks and HTML pages as strings', () => {
    expect(validateResponse('hubWebhook', 401, 'text/plain; charset=utf-8', 'invalid signature')).toEqual([]);
    expect(validateResponse('hubWebhook', 401, PROBLEM_CT, problem(401, 'signature_invalid'))).toHaveLength(1);
    expect(validateResponse('showUnsubscribePage', 410, 'text/html', '<p>expired</p>')).toEqual([]);
  });

  it('negotiates the unsubscribe confirmation as JSON or HTML', () => {
    expect(validateResponse('unsubscribe', 200, JSON_CT, { unsubscribed: true, email: 'j***@example.com' })).toEqual([]);
    expect(validateResponse('unsubscribe', 200, 'text/html', '<p>done</p>')).toEqual([]);
  });

  it('checks required headers when they are given', () => {
    const headers = { 'content-type': PROBLEM_CT };
    expect(
      validateResponse('sendEmail', 429, PROBLEM_CT, problem(429, 'rate_limited'), headers)
        .map((i) => i.path)
        .sort(),
    ).toEqual(['/headers/retry-after', '/headers/x-request-id']);
    expect(
      validateResponse('sendEmail', 429, PROBLEM_CT, problem(429, 'rate_limited'), { 'X-Request-Id': 'req_1', 'Retry-After': '1' }),
    ).toEqual([]);
  });

  it('validates billing shapes: a degraded catalogue has no price ids, a state has every field', () => {
    const plan = { id: 'pro', name: 'Pro', priceCents: 2900, interval: 'month', purchasable: false, monthlyEmailQuota: 50000 };
    expect(validateResponse('getCatalogue', 200, JSON_CT, { degraded: true, currency: 'EUR', plans: [plan] })).toEqual([]);
    expect(
      validateResponse('getCatalogue', 200, JSON_CT, { degraded: false, currency: 'EUR', plans: [{ ...plan, interval: 'year' }] }),
    ).toHaveLength(1);
    const state = {
      hasSubscription: false,
      plan: 'free',
      status: 'none',
      paymentFailed: false,
      fixUntil: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      scheduledChange: null,
      monthlyEmailQuota: 3000,
      granted: false,
      usage: null,
    };
    expect(validateResponse('getBillingState', 200, JSON_CT, state)).toEqual([]);
    expect(validateResponse('getBillingState', 200, JSON_CT, { ...state, usage: { used: 3, limit: 3000, resetAt: NOW } })).toEqual([]);
    expect(
      validateResponse('getBillingState', 200, JSON_CT, {
        ...state,
        scheduledChange: { kind: 'downgrade', plan: 'starter', effectiveAt: NOW },
      }),
    ).toEqual([]);
    expect(validateResponse('getBillingState', 200, JSON_CT, { ...state, status: 'trialing' })).toHaveLength(1);
  });
});
