import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { auth, tenantWithDomain, sendEmail } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform({ DEFAULT_MONTHLY_QUOTA: '3', SEND_RATE_LIMIT: '1000' });

const state = async (key: string) => {
  const res = await request(platform.url).get('/billing/state').set(auth(key));
  expectContract(res, 'getBillingState');
  return res.body;
};

describe('usage in the billing state', () => {
  it('when a tenant has sent this month, then the state counts it against the monthly quota, with its reset time, up to the whole quota', async () => {
    const t = await tenantWithDomain(platform);
    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
    expect((await state(t.key)).usage).toEqual({ used: 0, limit: 3, resetAt: nextMonth, inbound: { used: 0, limit: 1000 } });

    const send = () => sendEmail(platform, t);
    await send().expect(202);
    await request(platform.url).post('/emails/test').set(auth(t.key)).send({ to: 'qa@example.org' }).expect(202);
    expect((await state(t.key)).usage).toEqual({ used: 1, limit: 3, resetAt: nextMonth, inbound: { used: 0, limit: 1000 } });

    await send().expect(202);
    await send().expect(202);
    const { usage, monthlyEmailQuota } = await state(t.key);
    expect(usage).toEqual({ used: 3, limit: 3, resetAt: nextMonth, inbound: { used: 0, limit: 1000 } });
    expect(monthlyEmailQuota).toBe(3);
  });
});
