import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { subscribedTenant } from '../../../test/support/billing';
import { auth } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();

const state = async (key: string) => {
  const res = await request(platform.url).get('/billing/state').set(auth(key));
  expectContract(res, 'getBillingState');
  return res.body;
};
const hubSubscription = (tenantId: string) => platform.sandbox.hub.subscriptions().find((s) => s.external_id === tenantId);
const subscribed = (plan = 'growth') => subscribedTenant(platform, plan);

describe('subscription lifecycle', () => {
  it('when a downgrade is scheduled, then nothing changes today; at renewal the smaller tier applies', async () => {
    const t = await subscribed('growth');
    const before = await state(t.key);
    const res = await request(platform.url).post('/billing/downgrade').set(auth(t.key)).send({ plan: 'starter' });
    expect(res.status).toBe(200);
    expectContract(res, 'downgradeSubscription');
    expect(res.body).toEqual({ plan: 'growth', scheduledPlan: 'starter', effectiveAt: before.currentPeriodEnd });
    expect(await state(t.key)).toMatchObject({
      plan: 'growth',
      monthlyEmailQuota: 100000,
      scheduledChange: { kind: 'downgrade', plan: 'starter', effectiveAt: before.currentPeriodEnd },
    });
    expect(hubSubscription(t.tenantId)).toMatchObject({ plan_code: 'growth', scheduled_plan_code: 'starter' });

    expect(await platform.sandbox.hub.endPeriod(t.tenantId, 'renewed')).toBe(200);
    const after = await state(t.key);
    expect(after).toMatchObject({ plan: 'starter', monthlyEmailQuota: 20000, status: 'active', scheduledChange: null });
    expect(Date.parse(after.currentPeriodEnd)).toBeGreaterThan(Date.parse(before.currentPeriodEnd));
  });

  it('when a scheduled downgrade is withdrawn, then 204, also when nothing is scheduled, and the renewal keeps the tier', async () => {
    const t = await subscribed('growth');
    await request(platform.url).post('/billing/downgrade').set(auth(t.key)).send({ plan: 'starter' }).expect(200);
    const res = await request(platform.url).delete('/billing/pending-change').set(auth(t.key));
    expect(res.status).toBe(204);
    expectContract(res, 'cancelPendingChange');
    await request(platform.url).delete('/billing/pending-change').set(auth(t.key)).expect(204);
    expect((await state(t.key)).scheduledChange).toBeNull();
    await platform.sandbox.hub.endPeriod(t.tenantId, 'renewed');
    expect(await state(t.key)).toMatchObject({ plan: 'growth', monthlyEmailQuota: 100000 });
  });

  it('when the subscription is cancelled, then access continues until the period ends, then the tenant is back on free', async () => {
    const t = await subscribed('starter');
    const periodEnd = (await state(t.key)).currentPeriodEnd;
    const res = await request(platform.url).delete('/billing/subscription').set(auth(t.key));
    expect(res.status).toBe(200);
    expectContract(res, 'cancelSubscription');
    expect(res.body).toEqual({ accessUntil: periodEnd, hasSubscription: true, cancelAtPeriodEnd: true });
    await request(platform.url).delete('/billing/subscription').set(auth(t.key)).expect(200);
    expect(await state(t.key)).toMatchObject({ hasSubscription: true, plan: 'starter', cancelAtPeriodEnd: true });

    await platform.sandbox.hub.endPeriod(t.tenantId, 'renewed');
    expect(await state(t.key)).toMatchObject({ hasSubscription: false, status: 'canceled', plan: 'free', monthlyEmailQuota: 3000 });
    expect((await request(platform.url).post('/billing/checkout').set(auth(t.key)).send({ plan: 'starter' })).status).toBe(200);
  });

  it('when a renewal payment fails, then past due with a deadline, still entitled; fixed in time it renews, else it lapses', async () => {
    const fixed = await subscribed('starter');
    await platform.sandbox.hub.endPeriod(fixed.tenantId, 'payment_failed');
    const due = await state(fixed.key);
    expect(due).toMatchObject({
      hasSubscription: true,
      status: 'past_due',
      paymentFailed: true,
      plan: 'starter',
      monthlyEmailQuota: 20000,
    });
    expect(Date.parse(due.fixUntil)).toBeGreaterThan(Date.now());
    await platform.sandbox.hub.endPeriod(fixed.tenantId, 'payment_recovered');
    expect(await state(fixed.key)).toMatchObject({ status: 'active', paymentFailed: false, fixUntil: null });

    const unpaid = await subscribed('starter');
    await platform.sandbox.hub.endPeriod(unpaid.tenantId, 'payment_failed');
    await platform.sandbox.hub.endPeriod(unpaid.tenantId, 'lapsed');
    expect(await state(unpaid.key)).toMatchObject({ hasSubscription: false, status: 'lapsed', plan: 'free', monthlyEmailQuota: 3000 });
  });
});
