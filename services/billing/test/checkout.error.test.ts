import request from 'supertest';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { subscribedTenant } from '../../../test/support/billing';
import { auth, sendEmail, tenantWithDomain } from '../../../test/support/mail';
import { startTestPlatform } from '../../../test/support/platform';
import { checkoutPlatform } from './support/billing-api';

const { platform, state, checkout } = checkoutPlatform({ DEFAULT_MONTHLY_QUOTA: '2', SEND_RATE_LIMIT: '1000' });
/** What the provider sends: the payment id, form-encoded, nothing else. */
const notify = (id: string) => request(platform.url).post('/billing/webhook/payment-provider').type('form').send({ id });

describe('catalogue, degraded', () => {
  it('when the hub is down, then the last catalogue is replayed degraded: nothing purchasable, no price ids', async () => {
    await request(platform.url).get('/billing/catalogue').expect(200);
    platform.sandbox.hub.setDown(true);
    const res = await request(platform.url).get('/billing/catalogue');
    expectContract(res, 'getCatalogue');
    expect(res.body.degraded).toBe(true);
    expect(res.body.plans).toHaveLength(5);
    for (const plan of res.body.plans) {
      expect(plan.purchasable).toBe(false);
      expect(plan.priceId).toBeUndefined();
    }
    const { key } = await platform.newTenant();
    expectProblem(await checkout(key, { plan: 'starter' }), 422, 'plan_not_purchasable', 'createCheckout');
  });
});

describe('checkout, refused', () => {
  it('when the payment fails, then nothing is granted and a new checkout may be opened', async () => {
    const { key } = await platform.newTenant();
    const opened = (await checkout(key, { plan: 'starter' })).body;
    await platform.sandbox.provider.complete(opened.paymentId, 'failed');
    expect((await notify(opened.paymentId)).status).toBe(200);
    expect((await state(key)).body).toMatchObject({ hasSubscription: false, status: 'none' });
    expect((await checkout(key, { plan: 'starter' })).status).toBe(200);
  });

  it.each([
    ['the free plan', 422, 'plan_not_purchasable', { plan: 'free' }],
    ['a plan the hub does not sell', 422, 'plan_not_purchasable', { plan: 'platinum' }],
    ['a payment method not offered', 400, 'validation_failed', { plan: 'starter', paymentMethod: 'cash' }],
  ])('when the checkout names %s, then %i %s and no payment is created', async (_label, status, code, body) => {
    const { key } = await platform.newTenant();
    const payments = platform.sandbox.provider.payments().length;
    expectProblem(await checkout(key, body), status, code, 'createCheckout');
    expect(platform.sandbox.provider.payments()).toHaveLength(payments);
  });

  it('when the provider is down, then checkout is 503 and a notification is 503 so that the provider retries', async () => {
    const { key } = await platform.newTenant();
    const opened = (await checkout(key, { plan: 'starter' })).body;
    platform.sandbox.provider.behaviour.setDown(true);
    expectProblem(await checkout(key, { plan: 'starter' }), 503, 'billing_unavailable', 'createCheckout');
    const res = await notify(opened.paymentId);
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('when a notification has no payment id, then 400 in text', async () => {
    const res = await request(platform.url).post('/billing/webhook/payment-provider').type('form').send({ other: 'x' });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });
  it('when the tenant already holds a subscription, then 409 already_subscribed', async () => {
    const t = await subscribedTenant(platform, 'starter');
    expectProblem(await checkout(t.key, { plan: 'growth' }), 409, 'already_subscribed', 'createCheckout');
  });
});

describe('the checkout return page, refused', () => {
  it('when the checkout is unknown, then 404 as a page, or as a problem to a client asking for JSON; a malformed id is 400', async () => {
    const unknown = '/billing/return?checkout=chk_00000000000000000000000000';
    const res = await request(platform.url).get(unknown);
    expectContract(res, 'showCheckoutReturn');
    expect(res.status).toBe(404);
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(res.text)?.[1]).toBe('This link is not valid');
    expectProblem(await request(platform.url).get(unknown).set('Accept', 'application/json'), 404, 'not_found', 'showCheckoutReturn');
    expectProblem(await request(platform.url).get('/billing/return?checkout=tr_nope'), 400, 'validation_failed', 'showCheckoutReturn');
  });
});

describe('the monthly quota, used up', () => {
  it('when a tenant has sent its whole quota, then POST /emails is 422 quota_exceeded with the used, limit and resetAt its billing state shows', async () => {
    const t = await tenantWithDomain(platform);
    await sendEmail(platform, t).expect(202);
    await sendEmail(platform, t).expect(202);
    const refused = await sendEmail(platform, t);
    expectProblem(refused, 422, 'quota_exceeded', 'sendEmail');
    const billing = await state(t.key);
    expectContract(billing, 'getBillingState');
    const now = new Date();
    const resetAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
    expect(refused.body).toMatchObject({ used: 2, limit: 2, resetAt });
    expect(billing.body.usage).toMatchObject({ used: refused.body.used, limit: refused.body.limit, resetAt: refused.body.resetAt });
    expect(billing.body.monthlyEmailQuota).toBe(2);
  });
});

describe('billing not configured', () => {
  it('when no hub or provider is set, then checkout is 503 billing_not_configured, the catalogue degraded, the state still answers', async () => {
    const bare = await startTestPlatform({ BILLING_HUB_URL: '', PAYMENT_PROVIDER_URL: '' });
    try {
      const { key } = await bare.newTenant();
      expectProblem(
        await request(bare.url).post('/billing/checkout').set(auth(key)).send({ plan: 'starter' }),
        503,
        'billing_not_configured',
        'createCheckout',
      );
      const catalogue = await request(bare.url).get('/billing/catalogue');
      expectContract(catalogue, 'getCatalogue');
      expect(catalogue.body).toMatchObject({ degraded: true, plans: [] });
      expect((await request(bare.url).get('/billing/state').set(auth(key))).body).toMatchObject({ status: 'none', hasSubscription: false });
    } finally {
      await bare.stop();
    }
  });
});
