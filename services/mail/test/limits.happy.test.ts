import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { auth, tenantWithDomain, sendEmail } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

describe('monthly quota', () => {
  const platform = sharedPlatform({ DEFAULT_MONTHLY_QUOTA: '5', SEND_RATE_LIMIT: '1000' });

  it('when the quota is used up, then a test email still goes out', async () => {
    const t = await tenantWithDomain(platform);
    for (let i = 0; i < 5; i++) {
      await sendEmail(platform, t).expect(202);
    }
    const usage = async () => (await request(platform.url).get('/billing/state').set(auth(t.key))).body.usage;
    expect(await usage()).toMatchObject({ used: 5, limit: 5 });
    const res = await request(platform.url).post('/emails/test').set(auth(t.key)).send({ to: 'qa@example.org' });
    expect(res.status).toBe(202);
    expectContract(res, 'sendTestEmail');
    expect(await usage()).toMatchObject({ used: 5, limit: 5 });
  });
});

describe('Idempotency-Key', () => {
  const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000' });

  it('when a send is retried with the same key and body, then the first answer is replayed and one message exists', async () => {
    const t = await tenantWithDomain(platform);
    const body = { from: `a@${t.domain}`, to: 'r@example.org', subject: 'once', text: 'x' };
    const first = await request(platform.url).post('/emails').set(auth(t.key)).set('Idempotency-Key', 'order-42').send(body);
    const again = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .set('Idempotency-Key', '"order-42"')
      .send({ text: 'x', subject: 'once', to: 'r@example.org', from: `a@${t.domain}` });
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expectContract(again, 'sendEmail');
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await request(platform.url).get('/emails').set(auth(t.key))).body.total).toBe(1);
  });

  it('when the same key races, then exactly one message is created', async () => {
    const t = await tenantWithDomain(platform);
    const body = { from: `a@${t.domain}`, to: 'r@example.org', subject: 'race', text: 'x' };
    const results = await Promise.all(
      Array.from({ length: 8 }, () => request(platform.url).post('/emails').set(auth(t.key)).set('Idempotency-Key', 'race-1').send(body)),
    );
    for (const r of results) expect([202, 429]).toContain(r.status);
    expect(new Set(results.filter((r) => r.status === 202).map((r) => r.body.id)).size).toBe(1);
    expect((await request(platform.url).get('/emails').set(auth(t.key))).body.total).toBe(1);
  });
});
