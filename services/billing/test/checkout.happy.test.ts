import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { eventually } from '../../../test/support/eventually';
import { auth, tenantWithDomain, sendEmail } from '../../../test/support/mail';
import { checkoutPlatform } from './support/billing-api';

const { platform, state, checkout } = checkoutPlatform({ DEFAULT_MONTHLY_QUOTA: '2', SEND_RATE_LIMIT: '1000' });

describe('catalogue', () => {
  it("when anyone asks, then the hub's plans come cheapest first, the free one listed but not purchasable", async () => {
    const res = await request(platform.url).get('/billing/catalogue');
    expect(res.status).toBe(200);
    expectContract(res, 'getCatalogue');
    expect(res.body.degraded).toBe(false);
    expect(res.body.plans.map((p: { id: string }) => p.id)).toEqual(['free', 'partner', 'starter', 'growth', 'scale']);
    expect(res.body.plans[0]).toMatchObject({ priceCents: 0, purchasable: false });
    expect(res.body.plans[1]).toMatchObject({ priceCents: 0, purchasable: false });
    expect(res.body.plans[2]).toMatchObject({ priceCents: 1500, purchasable: true, priceId: expect.any(String) });
  });
});

describe('checkout', () => {
  it('when a tenant pays a checkout, then only the confirmed payment grants the plan, and mail takes its quota', async () => {
    const t = await tenantWithDomain(platform);
    const before = await state(t.key);
    expectContract(before, 'getBillingState');
    expect(before.body).toMatchObject({ hasSubscription: false, status: 'none', plan: 'free', monthlyEmailQuota: 2 });

    const methods = await request(platform.url).get('/billing/checkout-methods?plan=starter').set(auth(t.key));
    expectContract(methods, 'listCheckoutMethods');
    expect(methods.body.methods.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining(['ideal', 'creditcard']));

    const opened = await checkout(t.key, { plan: 'starter', paymentMethod: 'ideal' });
    expect(opened.status).toBe(200);
    expectContract(opened, 'createCheckout');
    expect(opened.body.checkoutUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/tr_/);
    const payment = platform.sandbox.provider.payments().find((p) => p.id === opened.body.paymentId)!;
    expect(payment).toMatchObject({ amount: { currency: 'EUR', value: '15.00' }, sequenceType: 'first', method: 'ideal' });
    expect((await state(t.key)).body.hasSubscription).toBe(false);

    await platform.sandbox.provider.complete(opened.body.paymentId, 'paid');
    await eventually(async () => (await state(t.key)).body.hasSubscription, 'the subscription');
    const after = await state(t.key);
    expectContract(after, 'getBillingState');
    expect(after.body).toMatchObject({
      hasSubscription: true,
      status: 'active',
      plan: 'starter',
      monthlyEmailQuota: 20000,
      paymentFailed: false,
    });
    const periodDays = (Date.parse(after.body.currentPeriodEnd) - Date.now()) / 86_400_000;
    expect(periodDays).toBeGreaterThan(27);
    expect(periodDays).toBeLessThan(32);

    // Mail was told: the default quota of 2 no longer applies.
    const send = () => sendEmail(platform, t);
    await eventually(async () => {
      for (let i = 0; i < 3; i++) if ((await send()).status !== 202) return false;
      return true;
    }, 'the plan quota in mail');
  });
});
