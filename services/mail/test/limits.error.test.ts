import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { auth, tenantWithDomain, sendEmail } from '../../../test/support/mail';
import { startTestPlatform, sharedPlatform } from '../../../test/support/platform';
import { mailStoreOf } from '../../../test/support/travelling-platform';
import { newEnvelope } from '@mailplane/runtime';

describe('monthly quota', () => {
  const platform = sharedPlatform({ DEFAULT_MONTHLY_QUOTA: '5', SEND_RATE_LIMIT: '1000' });

  it('when 10 sends race at quota−1, then exactly one is accepted and the rest get the quota problem', async () => {
    const t = await tenantWithDomain(platform);
    const send = (i: number) => sendEmail(platform, t, { to: `r${i}@example.org`, subject: `n${i}` });
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

describe('quota from the plan', () => {
  const platform = sharedPlatform({ DEFAULT_MONTHLY_QUOTA: '2', SEND_RATE_LIMIT: '1000' });

  // What billing publishes when a tenant's plan changes.
  const announce = (tenantId: string, revision: number, monthlyEmailQuota: number) =>
    platform.gateway.deps.broker.publish(
      newEnvelope('event', 'entitlement.changed', new Date(), {
        tenantId,
        correlationId: `sub_${tenantId}`,
        data: {
          revision,
          plan: `plan${monthlyEmailQuota}`,
          monthlyEmailQuota,
          status: 'active',
          hasSubscription: true,
          effectiveAt: new Date().toISOString(),
        },
      }),
    );

  it('when billing announces a plan, then its quota replaces the default, and a newer revision replaces it again', async () => {
    const t = await tenantWithDomain(platform);
    const send = () => sendEmail(platform, t);
    await send().expect(202);
    await send().expect(202);
    expect((await send()).body).toMatchObject({ code: 'quota_exceeded', limit: 2 });

    await announce(t.tenantId, 2, 4);
    // Refused sends give their reservation back, so polling costs nothing until the new quota admits one.
    for (const deadline = Date.now() + 5000; (await send()).status !== 202;)
      if (Date.now() > deadline) throw new Error('quota 4 never applied');
    await send().expect(202);
    expect((await send()).body).toMatchObject({ code: 'quota_exceeded', limit: 4, used: 4 });

    await announce(t.tenantId, 1, 100);
    await announce(t.tenantId, 3, 5);
    for (const deadline = Date.now() + 5000; (await send()).status !== 202;)
      if (Date.now() > deadline) throw new Error('quota 5 never applied');
    const refused = await send();
    expectProblem(refused, 422, 'quota_exceeded', 'sendEmail');
    expect(refused.body).toMatchObject({ limit: 5, used: 5 });
  });
});

describe('the quota and the rate limit taken in one write', () => {
  const platform = sharedPlatform({ DEFAULT_MONTHLY_QUOTA: '3', SEND_RATE_LIMIT: '1000' });

  it('when a tenant at quota−1 sends to two recipients of which one is suppressed, then it is accepted for the one mailed, and the next send is refused', async () => {
    const t = await tenantWithDomain(platform);
    const send = (to: string[]) =>
      request(platform.url)
        .post('/emails')
        .set(auth(t.key))
        .send({ from: `a@${t.domain}`, to, subject: 'x', text: 'x' });
    await request(platform.url).post('/suppressions').set(auth(t.key)).send({ email: 'gone@example.org' }).expect(201);
    expect((await send(['one@example.org'])).status).toBe(202);
    expect((await send(['two@example.org'])).status).toBe(202);
    const last = await send(['gone@example.org', 'three@example.org']);
    expect(last.status).toBe(202);
    const read = await request(platform.url).get(`/emails/${last.body.id}`).set(auth(t.key)).expect(200);
    const suppressed = read.body.recipients.filter((r: { status: string }) => r.status === 'suppressed');
    expect(suppressed.map((r: { email: string }) => r.email)).toEqual(['gone@example.org']);
    const refused = await send(['four@example.org']);
    expectProblem(refused, 422, 'quota_exceeded', 'sendEmail');
    expect(refused.body).toMatchObject({ limit: 3, used: 3 });
  });

  it('when a send is refused after its places were taken (an unverified From), then its quota places come back', async () => {
    const t = await tenantWithDomain(platform);
    for (let i = 0; i < 5; i++) {
      const res = await sendEmail(platform, t, {
        from: 'a@not-verified.example.com',
        to: ['x@example.org', 'y@example.org'],
        subject: 'x',
      });
      expectProblem(res, 400, 'identity_unverified', 'sendEmail');
    }
    const usage = await request(platform.url).get('/emails').set(auth(t.key)).send();
    expect(usage.body.total).toBe(0);
    for (let i = 0; i < 3; i++) await sendEmail(platform, t, { to: `r${i}@example.org`, subject: 'x' }).expect(202);
  });
});

describe('rate limit', () => {
  // A window far longer than the test, so that no window boundary falls between its sends.
  const platform = sharedPlatform({ SEND_RATE_LIMIT: '3', SEND_RATE_WINDOW_SECONDS: '3600' });

  it('when a tenant sends faster than its limit, then 429 with RateLimit headers and Retry-After; other tenants are unaffected', async () => {
    const t = await tenantWithDomain(platform);
    const send = () => sendEmail(platform, t);
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
    await sendEmail(platform, other).expect(202);
  });
});

describe('Idempotency-Key', () => {
  const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000' });

  it('when the same key comes with another body, then 422 idempotency_key_reused and nothing is queued', async () => {
    const t = await tenantWithDomain(platform);
    await sendEmail(platform, t, { subject: 'one' }).set('Idempotency-Key', 'k1').expect(202);
    const res = await sendEmail(platform, t, { subject: 'two' }).set('Idempotency-Key', 'k1');
    expectProblem(res, 422, 'idempotency_key_reused', 'sendEmail');
    expect((await request(platform.url).get('/emails').set(auth(t.key))).body.total).toBe(1);
  });
});

describe('a quota counted by the version before', () => {
  it("when this month's count is in the counter the quota kept before, then the quota goes on from it", async () => {
    const first = await startTestPlatform({ DEFAULT_MONTHLY_QUOTA: '5', SEND_RATE_LIMIT: '1000' });
    const t = await tenantWithDomain(first);
    await first.stop({ keepData: true });
    const now = new Date();
    const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const store = await mailStoreOf(first.dataDir);
    await store
      .collection<{ _id: string; count: number; expiresAt: Date }>('counters')
      .insertOne({ _id: `quota:${t.tenantId}:${month}`, count: 4, expiresAt: new Date(now.getTime() + 40 * 24 * 3600 * 1000) });
    await store.close();

    const second = await startTestPlatform({ DEFAULT_MONTHLY_QUOTA: '5', SEND_RATE_LIMIT: '1000' }, first.dataDir);
    try {
      const send = () => sendEmail(second, t, { subject: 'x' });
      expect((await send()).status).toBe(202);
      const refused = await send();
      expectProblem(refused, 422, 'quota_exceeded', 'sendEmail');
      expect(refused.body).toMatchObject({ limit: 5, used: 5 });
    } finally {
      await second.stop();
    }
  });
});
