import { expectContract } from '../../../test/support/contract';
import { prorate } from '../src/domain/quote';
import { upgradePlatform } from './support/billing-api';

const { state, quote, upgrade, subscribed, recurringCharges } = upgradePlatform();

describe('proration', () => {
  it.each([
    [3400, 0.5, 1700],
    [3400, 1, 3400],
    [3400, 0, 0],
    [1, 0.5, 1], // half a cent rounds up
    [3, 1 / 3, 1],
  ])('when %i cents of difference has %p of the period left, then %i cents', (difference, share, expected) => {
    const start = new Date('2026-11-01T00:00:00Z');
    const end = new Date('2026-12-01T00:00:00Z');
    const now = new Date(end.getTime() - share * (end.getTime() - start.getTime()));
    expect(prorate(difference, now, start, end)).toBe(expected);
  });
});

describe('upgrade', () => {
  it('when a quote is asked, then it is the difference for the time left, and nothing is charged', async () => {
    const t = await subscribed('starter');
    const res = await quote(t.key, 'growth');
    expect(res.status).toBe(200);
    expectContract(res, 'quoteUpgrade');
    expect(res.body).toMatchObject({
      plan: 'growth',
      currentPlan: 'starter',
      currency: 'EUR',
      consentRequired: true,
      prorationFloorCents: 50,
    });
    expect(res.body.amountCents).toBeGreaterThan(3390);
    expect(res.body.amountCents).toBeLessThanOrEqual(3400);
    expect(recurringCharges(t.customerId)).toHaveLength(0);
  });

  it('when the quoted amount is accepted, then it is charged on the mandate and the larger plan applies at once', async () => {
    const t = await subscribed('starter');
    const q = (await quote(t.key, 'growth')).body;
    const res = await upgrade(t.key, { plan: 'growth', acceptedCents: q.amountCents, consented: true });
    expect(res.status).toBe(200);
    expectContract(res, 'upgradeSubscription');
    expect(res.body).toMatchObject({
      plan: 'growth',
      chargedCents: q.amountCents,
      currency: 'EUR',
      paymentId: expect.stringMatching(/^tr_/),
    });
    const [charge] = recurringCharges(t.customerId);
    expect(charge).toMatchObject({
      id: res.body.paymentId,
      status: 'paid',
      amount: { value: (q.amountCents / 100).toFixed(2), currency: 'EUR' },
      mandateId: expect.stringMatching(/^mdt_/),
    });
    expect(await state(t.key)).toMatchObject({ plan: 'growth', monthlyEmailQuota: 100000, status: 'active' });
  });

  it('when the same upgrade is sent twice at once, then the customer is charged once', async () => {
    const t = await subscribed('starter');
    const q = (await quote(t.key, 'growth')).body;
    const body = { plan: 'growth', acceptedCents: q.amountCents, consented: true };
    const answers = await Promise.all([upgrade(t.key, body), upgrade(t.key, body)]);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect(recurringCharges(t.customerId)).toHaveLength(1);
    expect(await state(t.key)).toMatchObject({ plan: 'growth' });
  });
});
