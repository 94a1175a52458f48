import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { subscribedTenant } from '../../../test/support/billing';
import { auth } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.stop());
afterEach(() => platform.sandbox.provider.behaviour.reset());

const state = async (key: string) => (await request(platform.url).get('/billing/state').set(auth(key))).body;
const quote = (key: string, plan: string) => request(platform.url).post('/billing/upgrade/quote').set(auth(key)).send({ plan });
const upgrade = (key: string, body: object) => request(platform.url).post('/billing/upgrade').set(auth(key)).send(body);
const subscribed = (plan = 'starter') => subscribedTenant(platform, plan);
const recurringCharges = (customerId: string | null) =>
  platform.sandbox.provider.payments().filter((p) => p.sequenceType === 'recurring' && p.customerId === customerId);

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
