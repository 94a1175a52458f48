import request from 'supertest';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { auth, tenantWithDomain, sendEmail } from '../../../test/support/mail';
import type { TestPlatform } from '../../../test/support/platform';
import { startPlatformOn, travellingClock } from '../../../test/support/travelling-platform';

// Windows of an hour and a day, entered a second after they open: nothing here straddles one.
const clock = travellingClock();
let platform: TestPlatform;
beforeAll(async () => {
  clock.travelToDayStart();
  platform = await startPlatformOn(clock, {
    SEND_RATE_LIMIT: '3',
    SEND_RATE_WINDOW_SECONDS: '3600',
    TEST_EMAIL_RATE_LIMIT: '4',
    TEST_EMAIL_RATE_WINDOW_SECONDS: '3600',
    TEST_EMAIL_DAILY_LIMIT: '6',
  });
});
afterAll(() => platform.stop());

const testSend = (key: string) => request(platform.url).post('/emails/test').set(auth(key)).send({ to: 'qa@example.org', subject: 'hi' });
const send = (t: { key: string; domain: string }) => sendEmail(platform, t);
const total = async (key: string) => (await request(platform.url).get('/emails').set(auth(key))).body.total as number;
const untilNextDay = () => (Math.ceil(clock.now().getTime() / 86_400_000) * 86_400_000 - clock.now().getTime()) / 1000;

describe('test emails have limits of their own and never take a place of the send rate limit', () => {
  it('when a tenant sends test emails, then every real send of its rate limit is still 202', async () => {
    const t = await tenantWithDomain(platform);
    for (let i = 0; i < 4; i++) await testSend(t.key).expect(202);
    for (let i = 0; i < 3; i++) {
      const sent = await send(t);
      expect(sent.status).toBe(202);
      expect(sent.headers.ratelimit).toBe(`"send";r=${2 - i};t=${sent.headers.ratelimit.split('t=')[1]}`);
    }
    expectProblem(await send(t), 429, 'rate_limited', 'sendEmail');
    expect(await total(t.key)).toBe(7);
  });

  it('when real sends used up the send rate limit, then a test email is still 202, with the headers of its own policy', async () => {
    const t = await tenantWithDomain(platform);
    const burst = await Promise.all(Array.from({ length: 5 }, () => send(t)));
    expect(burst.map((r) => r.status).sort()).toEqual([202, 202, 202, 429, 429]);
    const test = await testSend(t.key);
    expect(test.status).toBe(202);
    expectContract(test, 'sendTestEmail');
    expect(test.headers['ratelimit-policy']).toBe('"test";q=4;w=3600');
    expect(test.headers.ratelimit).toMatch(/^"test";r=3;t=\d+$/);
  });

  it('when test emails pass their short window, then 400 test_email_limit_reached with Retry-After, never a 429, and real sends go on', async () => {
    const t = await tenantWithDomain(platform);
    for (let i = 0; i < 4; i++) await testSend(t.key).expect(202);
    const refused = await testSend(t.key);
    expectProblem(refused, 400, 'test_email_limit_reached', 'sendTestEmail');
    expect(refused.headers['ratelimit-policy']).toBe('"test";q=4;w=3600');
    expect(refused.headers.ratelimit).toMatch(/^"test";r=0;t=\d+$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await send(t).expect(202);
    expect(await total(t.key)).toBe(5);
  });

  it('when the daily cap of test emails is reached, then 400 test_email_limit_reached until the next UTC day, and real sends go on', async () => {
    const t = await tenantWithDomain(platform);
    for (let i = 0; i < 4; i++) await testSend(t.key).expect(202);
    clock.travel(3600_000);
    await testSend(t.key).expect(202);
    await testSend(t.key).expect(202);
    const leftBefore = untilNextDay();
    const refused = await testSend(t.key);
    const leftAfter = untilNextDay();
    expectProblem(refused, 400, 'test_email_limit_reached', 'sendTestEmail');
    expect(refused.body.detail).toMatch(/per day/);
    // Whole seconds, rounded either way, of what was left of the UTC day while the request was answered.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(Math.floor(leftAfter));
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(Math.ceil(leftBefore));
    await send(t).expect(202);
    expect(await total(t.key)).toBe(7);

    clock.travelDays(1);
    await testSend(t.key).expect(202);
  });

  it('when test emails race past their limit, then exactly the limit is accepted and the others are 400', async () => {
    const t = await tenantWithDomain(platform);
    const answers = await Promise.all(Array.from({ length: 8 }, () => testSend(t.key)));
    expect(answers.filter((a) => a.status === 202)).toHaveLength(4);
    for (const refused of answers.filter((a) => a.status !== 202)) expectProblem(refused, 400, 'test_email_limit_reached', 'sendTestEmail');
    expect(await total(t.key)).toBe(4);
  });
});
