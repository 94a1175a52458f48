import request from 'supertest';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { auth, tenantWithDomain } from '../../../test/support/mail';
import type { TestPlatform } from '../../../test/support/platform';
import { startPlatformOn, travellingClock } from './support/travelling-platform';

// Windows of an hour and a day, entered a second after they open: nothing here straddles one.
const clock = travellingClock();
let platform: TestPlatform;
beforeAll(async () => {
  clock.travelToDayStart();
  platform = await startPlatformOn(clock, { SEND_RATE_LIMIT: '4', SEND_RATE_WINDOW_SECONDS: '3600', TEST_EMAIL_DAILY_LIMIT: '2' });
});
afterAll(() => platform.stop());

const testSend = (key: string) => request(platform.url).post('/emails/test').set(auth(key)).send({ to: 'qa@example.org', subject: 'hi' });
const send = (t: { key: string; domain: string }) =>
  request(platform.url)
    .post('/emails')
    .set(auth(t.key))
    .send({ from: `a@${t.domain}`, to: 'r@example.org', subject: 's', text: 'x' });
const total = async (key: string) => (await request(platform.url).get('/emails').set(auth(key))).body.total as number;

describe('test emails are limited like any send, and by a daily cap of their own', () => {
  it('when test emails use up the send rate limit, then the next send or test email is 429 rate_limited with the rate-limit headers', async () => {
    const t = await tenantWithDomain(platform);
    const first = await testSend(t.key);
    expect(first.status).toBe(202);
    expectContract(first, 'sendTestEmail');
    expect(first.headers['ratelimit-policy']).toBe('"send";q=4;w=3600');
    expect(first.headers.ratelimit).toMatch(/^"send";r=3;t=\d+$/);
    await testSend(t.key).expect(202);
    await send(t).expect(202);
    await send(t).expect(202);

    const refused = await testSend(t.key);
    expectProblem(refused, 429, 'rate_limited', 'sendTestEmail');
    expect(refused.headers['ratelimit-policy']).toBe('"send";q=4;w=3600');
    expect(refused.headers.ratelimit).toMatch(/^"send";r=0;t=\d+$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expectProblem(await send(t), 429, 'rate_limited', 'sendEmail');
    expect(await total(t.key)).toBe(4);
  });

  it('when the daily cap of test emails is reached, then 429 test_email_limit_reached until the next UTC day, and other sends go on', async () => {
    const t = await tenantWithDomain(platform);
    await testSend(t.key).expect(202);
    await testSend(t.key).expect(202);
    const refused = await testSend(t.key);
    expectProblem(refused, 429, 'test_email_limit_reached', 'sendTestEmail');
    const untilMidnight = (Math.ceil(clock.now().getTime() / 86_400_000) * 86_400_000 - clock.now().getTime()) / 1000;
    expect(Math.abs(Number(refused.headers['retry-after']) - untilMidnight)).toBeLessThanOrEqual(1);
    await send(t).expect(202);
    expect(await total(t.key)).toBe(3);

    clock.travelDays(1);
    await testSend(t.key).expect(202);
  });

  it('when test emails race past the cap, then exactly the cap is accepted', async () => {
    const t = await tenantWithDomain(platform);
    const answers = await Promise.all(Array.from({ length: 6 }, () => testSend(t.key)));
    expect(answers.filter((a) => a.status === 202)).toHaveLength(2);
    for (const refused of answers.filter((a) => a.status !== 202)) {
      expect(refused.status).toBe(429);
      expect(['rate_limited', 'test_email_limit_reached']).toContain(refused.body.code);
    }
    expect(await total(t.key)).toBe(2);
  });
});
