import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { auth, tenantWithDomain } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform({ SEND_RATE_LIMIT: '50', DEFAULT_MONTHLY_QUOTA: '30' });

const email = (domain: string, i: number) => ({ from: `a@${domain}`, to: `r${i}@example.org`, subject: `s${i}`, text: 'x' });
const total = async (key: string) => (await request(platform.url).get('/emails').set(auth(key))).body.total as number;

describe('batches refused whole', () => {
  it('when one email breaks the schema, then 400 names it and nothing of the batch is stored', async () => {
    const t = await tenantWithDomain(platform);
    const emails = [0, 1, 2, 3].map((i) => email(t.domain, i)) as Record<string, unknown>[];
    emails[3] = { ...emails[3], to: 'not an address' };
    const res = await request(platform.url).post('/emails/batch').set(auth(t.key)).send(emails);
    expectProblem(res, 400, 'validation_failed', 'sendEmailBatch');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain('/body/3/to');
    expect(await total(t.key)).toBe(0);
  });

  it.each([
    ['an empty batch', []],
    ['101 emails', Array.from({ length: 101 }, (_, i) => ({ from: 'a@x.example.test', to: `r${i}@example.org`, subject: 's', text: 'x' }))],
    ['an object instead of a list', { from: 'a@x.example.test', to: 'r@example.org', subject: 's', text: 'x' }],
  ])('when the body is %s, then 400', async (_label, body) => {
    const t = await tenantWithDomain(platform);
    expectProblem(
      await request(platform.url).post('/emails/batch').set(auth(t.key)).send(body),
      400,
      'validation_failed',
      'sendEmailBatch',
    );
    expect(await total(t.key)).toBe(0);
  });

  it('when the accepted emails do not fit in the quota, then 422 and none is sent', async () => {
    const t = await tenantWithDomain(platform);
    const emails = Array.from({ length: 20 }, (_, i) => email(t.domain, i));
    await request(platform.url).post('/emails/batch').set(auth(t.key)).send(emails.slice(0, 15)).expect(202);
    const res = await request(platform.url).post('/emails/batch').set(auth(t.key)).send(emails);
    expectProblem(res, 422, 'quota_exceeded', 'sendEmailBatch');
    expect(res.body).toMatchObject({ limit: 30, used: 15 });
    expect(await total(t.key)).toBe(15);
  });

  it('when the batch holds more emails than the rate limit has left, then 429 with Retry-After and none is sent', async () => {
    const t = await tenantWithDomain(platform);
    const emails = Array.from({ length: 51 }, (_, i) => email(t.domain, i));
    const res = await request(platform.url).post('/emails/batch').set(auth(t.key)).send(emails);
    expectProblem(res, 429, 'rate_limited', 'sendEmailBatch');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(res.headers['ratelimit-policy']).toBe('"send";q=50;w=1');
    expect(await total(t.key)).toBe(0);
  });

  it('when a sending-only key sends a batch, then it may; without a key, 401', async () => {
    const t = await tenantWithDomain(platform);
    const created = await request(platform.url)
      .post('/api-keys')
      .set(auth(t.key))
      .send({ name: 'sender', permission: 'sending' })
      .expect(201);
    await request(platform.url)
      .post('/emails/batch')
      .set(auth(created.body.key))
      .send([email(t.domain, 1)])
      .expect(202);
    expectProblem(
      await request(platform.url)
        .post('/emails/batch')
        .send([email(t.domain, 2)]),
      401,
      'unauthorized',
    );
  });
});

describe('batches and their Idempotency-Key', () => {
  it('when a batch comes again with its Idempotency-Key but other emails, then 422 idempotency_key_reused and nothing more is stored', async () => {
    const t = await tenantWithDomain(platform);
    const emails = [0, 1].map((i) => email(t.domain, i));
    const send = (batch: object[]) =>
      request(platform.url).post('/emails/batch').set(auth(t.key)).set('Idempotency-Key', 'batch-1').send(batch);
    await send(emails).expect(202);
    const other = await send(emails.slice(0, 1));
    expectProblem(other, 422, 'idempotency_key_reused', 'sendEmailBatch');
    expect(await total(t.key)).toBe(2);
  });
});
