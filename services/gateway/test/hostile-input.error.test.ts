import zlib from 'node:zlib';
import request from 'supertest';
import { BODY_SHAPE_LIMITS, operations } from '@mailplane/contracts';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { auth, tenantWithDomain, sendEmail } from '../../../test/support/mail';
import { newOwner } from '../../../test/support/members';
import { ADMIN_TOKEN, sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();
let t: Awaited<ReturnType<typeof tenantWithDomain>>;
// Members are changed by owners and admins only: no key gets to their bodies.
let ownerToken: string;

beforeAll(async () => {
  t = await tenantWithDomain(platform);
  ownerToken = (await newOwner(platform, t.tenantId)).token;
});

const jsonBodied = operations.filter((op) => op.requestContentTypes.includes('application/json') && !op.rawBody);
const pathOf = (op: (typeof operations)[number]) => op.path.replace(/\{[^}]+\}/g, 'whe_0000000000000000000000000a');
const send = (op: (typeof operations)[number], body: string | Buffer, headers: Record<string, string> = {}) => {
  const token = op.security === 'admin' ? ADMIN_TOKEN : op.permission === 'members.write' ? ownerToken : t.key;
  const call = request(platform.url)[op.method](pathOf(op));
  return call.set({ ...auth(token), 'Content-Type': 'application/json', ...headers }).send(body);
};

describe('request bodies are bounded before they are parsed', () => {
  const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
  it.each(jsonBodied.map((op) => [op.operationId, op] as const))('%s: 5,000 levels of nesting is a 400 body_too_deep', async (id, op) => {
    expectProblem(await send(op, deep(5000)), 400, 'body_too_deep', id);
    expectProblem(await send(op, `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`), 400, 'body_too_deep', id);
  });

  it('when a body nests exactly to the limit, then it gets past the shape check to the schema', async () => {
    const op = jsonBodied.find((o) => o.operationId === 'createApiKey')!;
    expectProblem(await send(op, deep(BODY_SHAPE_LIMITS.maxDepth)), 400, 'validation_failed', 'createApiKey');
  });

  it('when a body holds more members than the limit, then 400 body_too_complex', async () => {
    const op = jsonBodied.find((o) => o.operationId === 'addSuppression')!;
    const wide = `{${Array.from({ length: BODY_SHAPE_LIMITS.maxMembers + 1 }, (_, i) => `"k${i}":0`).join(',')}}`;
    expectProblem(await send(op, wide), 400, 'body_too_complex', 'addSuppression');
  });
});

describe('compressed bodies are refused, not inflated', () => {
  const op = operations.find((o) => o.operationId === 'createApiKey')!;
  const json = Buffer.from('{"name":"zipped"}');
  it.each([
    ['gzip', zlib.gzipSync(json)],
    ['deflate', zlib.deflateSync(json)],
    ['br', zlib.brotliCompressSync(json)],
    ['gzip', Buffer.from('not gzip at all')],
    ['gzip', zlib.gzipSync(Buffer.alloc(50 * 1024 * 1024))],
  ])('when Content-Encoding is %s, then 415 with Accept-Encoding: identity', async (encoding, bytes) => {
    const res = await send(op, bytes, { 'Content-Encoding': encoding });
    expectProblem(res, 415, 'unsupported_media_type', 'createApiKey');
    expect(res.headers['accept-encoding']).toBe('identity');
  });
});

describe('paths and query strings', () => {
  it.each([['/emails/%'], ['/identities/%E0%A4%A'], ['/webhooks/endpoints/%FF']])(
    'when the id in %s does not percent-decode, then 400 at /params/id',
    async (path) => {
      const res = await request(platform.url).get(path).set(auth(t.key));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ path: '/params/id', message: 'is not valid percent-encoded UTF-8' }]);
    },
  );

  it.each([['/api-keys/'], ['/API-KEYS'], ['/billing/catalogue/']])(
    'when the path is %s, then 404 route_not_found: paths match exactly',
    async (path) => {
      expectProblem(await request(platform.url).get(path).set(auth(t.key)), 404, 'route_not_found');
    },
  );

  it.each([
    ['get', '/billing/catalogue', 'getCatalogue'],
    ['get', '/billing/state', 'getBillingState'],
    ['delete', '/billing/pending-change', 'cancelPendingChange'],
    ['get', '/healthz', 'health'],
  ] as const)('when %s %s gets unknown and __proto__ query parameters, then they are ignored', async (method, path, id) => {
    const res = await request(platform.url)[method](`${path}?utm_source=x&__proto__=1&constructor[a]=1`).set(auth(t.key));
    expect(res.status).toBeLessThan(500);
    expect(res.status).not.toBe(400);
    expectContract(res, id);
  });

  it.each([['offset=1e1'], ['limit=0x10'], ['limit=%2B5']])('when GET /emails?%s, then 400: integers are decimal digits', async (query) => {
    expectProblem(await request(platform.url).get(`/emails?${query}`).set(auth(t.key)), 400, 'validation_failed', 'listEmails');
  });

  it('when from is later than to, then 400 at /query/from rather than an empty page', async () => {
    const res = await request(platform.url).get('/emails?from=2030-01-01T00:00:00Z&to=2020-01-01T00:00:00Z').set(auth(t.key));
    expectProblem(res, 400, 'validation_failed', 'listEmails');
    expect(res.body.errors[0].path).toBe('/query/from');
  });

  it('when from or to is a leap second, then it is the next second, and the page is what that instant selects', async () => {
    const sent = await sendEmail(platform, t, { to: 'leap@example.org', subject: 'Leap' });
    const list = (query: string) => request(platform.url).get(`/emails?${query}`).set(auth(t.key));
    expect((await list('from=2016-12-31T23:59:60Z')).body.data.map((m: { id: string }) => m.id)).toContain(sent.body.id);
    expect((await list('to=2016-12-31T23:59:60Z')).body.total).toBe(0);
    expect((await list('from=2016-12-31T23:59:60Z&to=9998-12-31T23:59:60Z')).body.data.map((m: { id: string }) => m.id)).toContain(
      sent.body.id,
    );
  });
});

describe('the payment-provider webhook takes the media types it declares', () => {
  const hook = () => request(platform.url).post('/billing/webhook/payment-provider');
  it('when the notification is a form, then it is read (200, text)', async () => {
    const res = await hook().type('form').send('id=tr_unknown1');
    expect(res.status).toBe(200);
    expectContract(res, 'paymentProviderWebhook');
  });

  it('when the notification is text/plain, then 415 in text', async () => {
    const res = await hook().set('Content-Type', 'text/plain').send('id=tr_unknown1');
    expect(res.status).toBe(415);
    expectContract(res, 'paymentProviderWebhook');
  });
});
