import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { auth, tenantWithDomain } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';

describe('monthly quota', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ DEFAULT_MONTHLY_QUOTA: '5', SEND_RATE_LIMIT: '1000' });
  });
  afterAll(() => platform.stop());

  it('when 10 sends race at quota−1, then exactly one is accepted and the rest get the quota problem', async () => {
    const t = await tenantWithDomain(platform);
    const send = (i: number) =>
      request(platform.url)
        .post('/emails')
        .set(auth(t.key))
        .send({ from: `a@${t.domain}`, to: `r${i}@example.org`, subject: `n${i}`, text: 'x' });
    for (let i = 0; i < 4; i++) expect((await send(i)).status).toBe(202);
    const raced = await Promise.all(Array.from({ length: 10 }, (_, i) => send(100 + i)));
    expect(raced.filter((r) => r.status === 202)).toHaveLength(1);
    const refused = raced.filter((r) => r.status === 422);
    expect(refused).toHaveLength(9);
    expectProblem(refused[0], 422, 'quota_exceeded', 'sendEmail');
    expect(refused[0].body).toMatchObject({ limit: 5, used: 5 });
    const now = new Date();
    expect(refused[0].body.resetAt).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString());
    const list = await request(platform.url).get('/emails').set(auth(t.key));
    expect(list.body.total).toBe(5);
  });
});

describe('rate limit', () => {
  // A window far longer than the test, so that no window boundary falls between its sends.
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ SEND_RATE_LIMIT: '3', SEND_RATE_WINDOW_SECONDS: '3600' });
  });
  afterAll(() => platform.stop());

  it('when a tenant sends faster than its limit, then 429 with RateLimit headers and Retry-After; other tenants are unaffected', async () => {
    const t = await tenantWithDomain(platform);
    const send = () =>
      request(platform.url)
        .post('/emails')
        .set(auth(t.key))
        .send({ from: `a@${t.domain}`, to: 'r@example.org', subject: 's', text: 'x' });
    const first = await send();
    expect(first.headers['ratelimit-policy']).toBe('"send";q=3;w=3600');
    expect(first.headers.ratelimit).toMatch(/^"send";r=2;t=\d+$/);
    await send().expect(202);
    await send().expect(202);
    const limited = await send();
    expectProblem(limited, 429, 'rate_limited', 'sendEmail');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.headers.ratelimit).toMatch(/^"send";r=0;t=\d+$/);
    const other = await tenantWithDomain(platform);
    await request(platform.url)
      .post('/emails')
      .set(auth(other.key))
      .send({ from: `a@${other.domain}`, to: 'r@example.org', subject: 's', text: 'x' })
      .expect(202);
  });
});

describe('Idempotency-Key', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ SEND_RATE_LIMIT: '1000' });
  });
  afterAll(() => platform.stop());

  it('when the same key comes with another body, then 422 idempotency_key_reused and nothing is queued', async () => {
    const t = await tenantWithDomain(platform);
    await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .set('Idempotency-Key', 'k1')
      .send({ from: `a@${t.domain}`, to: 'r@example.org', subject: 'one', text: 'x' })
      .expect(202);
    const res = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .set('Idempotency-Key', 'k1')
      .send({ from: `a@${t.domain}`, to: 'r@example.org', subject: 'two', text: 'x' });
    expectProblem(res, 422, 'idempotency_key_reused', 'sendEmail');
    expect((await request(platform.url).get('/emails').set(auth(t.key))).body.total).toBe(1);
  });
});
