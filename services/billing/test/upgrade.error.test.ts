import { expectProblem } from '../../../test/support/contract';
import { upgradePlatform } from './support/billing-api';

const { platform, state, quote, upgrade, subscribed, recurringCharges } = upgradePlatform();

describe('upgrade, refused', () => {
  it('when the accepted amount is stale or not consented to, then 409 and nothing is charged', async () => {
    const t = await subscribed('starter');
    const q = (await quote(t.key, 'growth')).body;
    expectProblem(
      await upgrade(t.key, { plan: 'growth', acceptedCents: q.amountCents + 100, consented: true }),
      409,
      'quote_stale',
      'upgradeSubscription',
    );
    expectProblem(
      await upgrade(t.key, { plan: 'growth', acceptedCents: q.amountCents }),
      409,
      'quote_not_consented',
      'upgradeSubscription',
    );
    expect(recurringCharges(t.customerId)).toHaveLength(0);
    expect(await state(t.key)).toMatchObject({ plan: 'starter' });
  });

  it('when the charge is declined, then 402 and the plan is unchanged', async () => {
    const t = await subscribed('starter');
    const q = (await quote(t.key, 'scale')).body;
    platform.sandbox.provider.behaviour.declineNextRecurring();
    expectProblem(
      await upgrade(t.key, { plan: 'scale', acceptedCents: q.amountCents, consented: true }),
      402,
      'payment_declined',
      'upgradeSubscription',
    );
    expect(await state(t.key)).toMatchObject({ plan: 'starter', monthlyEmailQuota: 20000 });
  });

  it('when a declined upgrade is retried after the card is fixed, then the provider is asked afresh and the retry is charged once', async () => {
    const t = await subscribed('starter');
    const first = (await quote(t.key, 'growth')).body;
    platform.sandbox.provider.behaviour.declineNextRecurring();
    const body = { plan: 'growth', acceptedCents: first.amountCents, consented: true };
    expectProblem(await upgrade(t.key, body), 402, 'payment_declined', 'upgradeSubscription');

    // The fresh quote is the same amount (a cent lasts minutes), so the retry names the same upgrade.
    const fresh = (await quote(t.key, 'growth')).body;
    expect(fresh.amountCents).toBe(first.amountCents);
    const retried = await Promise.all([upgrade(t.key, body), upgrade(t.key, body)]);
    expect(retried.map((r) => r.status)).toContain(200);
    expect(recurringCharges(t.customerId).map((p) => p.status)).toEqual(['failed', 'paid']);
    expect(await state(t.key)).toMatchObject({ plan: 'growth', monthlyEmailQuota: 100000 });
  });

  it.each([
    ['a smaller plan', 422, 'not_an_upgrade', 'free'],
    ['the same plan', 422, 'not_an_upgrade', 'starter'],
    ['a plan the hub does not sell', 422, 'unknown_plan', 'platinum'],
  ])('when the upgrade names %s, then %i %s', async (_label, status, code, plan) => {
    const t = await subscribed('starter');
    expectProblem(await quote(t.key, plan), status, code, 'quoteUpgrade');
    expectProblem(await upgrade(t.key, { plan, acceptedCents: 0 }), status, code, 'upgradeSubscription');
  });

  it('when the tenant has no subscription, then 404 no_subscription', async () => {
    const { key } = await platform.newTenant();
    expectProblem(await quote(key, 'growth'), 404, 'no_subscription', 'quoteUpgrade');
    expectProblem(await upgrade(key, { plan: 'growth', acceptedCents: 0 }), 404, 'no_subscription', 'upgradeSubscription');
  });
});
