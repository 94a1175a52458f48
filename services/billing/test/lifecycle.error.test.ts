import request from 'supertest';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { subscribedTenant } from '../../../test/support/billing';
import { auth } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();

const state = async (key: string) => {
  const res = await request(platform.url).get('/billing/state').set(auth(key));
  expectContract(res, 'getBillingState');
  return res.body;
};
const subscribed = (plan = 'growth') => subscribedTenant(platform, plan);

describe('subscription lifecycle, refused', () => {
  it.each([
    ['the free plan', 'downgrade_to_free', 'free'],
    ['a larger plan', 'not_a_downgrade', 'scale'],
    ['a plan the hub does not sell', 'unknown_plan', 'platinum'],
  ])('when a downgrade names %s, then 422 %s and nothing is scheduled', async (_label, code, plan) => {
    const t = await subscribed('growth');
    expectProblem(
      await request(platform.url).post('/billing/downgrade').set(auth(t.key)).send({ plan }),
      422,
      code,
      'downgradeSubscription',
    );
    expect((await state(t.key)).scheduledChange).toBeNull();
  });

  it('when there is no subscription, then downgrade, withdrawal and cancel are 404', async () => {
    const { key } = await platform.newTenant();
    expectProblem(
      await request(platform.url).post('/billing/downgrade').set(auth(key)).send({ plan: 'starter' }),
      404,
      'no_subscription',
      'downgradeSubscription',
    );
    expectProblem(
      await request(platform.url).delete('/billing/pending-change').set(auth(key)),
      404,
      'no_subscription',
      'cancelPendingChange',
    );
    expectProblem(await request(platform.url).delete('/billing/subscription').set(auth(key)), 404, 'no_subscription', 'cancelSubscription');
  });
  it('when the cancelled subscription has ended, then cancelling it again is 404', async () => {
    const t = await subscribed('starter');
    await request(platform.url).delete('/billing/subscription').set(auth(t.key)).expect(200);
    await platform.sandbox.hub.endPeriod(t.tenantId, 'renewed');
    expectProblem(
      await request(platform.url).delete('/billing/subscription').set(auth(t.key)),
      404,
      'no_subscription',
      'cancelSubscription',
    );
  });

  it('when a renewal payment failed, then the tier cannot change: 422', async () => {
    const fixed = await subscribed('starter');
    await platform.sandbox.hub.endPeriod(fixed.tenantId, 'payment_failed');
    expectProblem(
      await request(platform.url).post('/billing/downgrade').set(auth(fixed.key)).send({ plan: 'starter' }),
      422,
      'not_a_downgrade',
      'downgradeSubscription',
    );
    expectProblem(
      await request(platform.url).post('/billing/upgrade/quote').set(auth(fixed.key)).send({ plan: 'scale' }),
      422,
      'tier_change_not_allowed',
      'quoteUpgrade',
    );
  });
});
