import request from 'supertest';
import { DEFAULT_HUB_PLANS, startBillingHub, type BillingHub, type HubPlan } from '../../sandbox/billing-hub';

const API_KEY = 'hub_sandboxkey';

describe('sandbox billing hub (plan catalogue)', () => {
  let hub: BillingHub;

  beforeAll(async () => {
    hub = await startBillingHub({ apiKey: API_KEY });
  });
  afterAll(() => hub.stop());
  afterEach(() => {
    hub.setPlans(DEFAULT_HUB_PLANS);
    hub.setDown(false);
  });

  const plans = () => request(hub.url).get('/api/v1/plans').set('Authorization', `Bearer ${API_KEY}`);

  it('when plans are listed, then the default catalogue comes in its configured order', async () => {
    const res = await plans();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ plans: DEFAULT_HUB_PLANS });
    expect(res.body.plans.map((p: HubPlan) => [p.code, p.amount_cents, p.monthly_email_quota])).toEqual([
      ['free', 0, 3000],
      ['partner', 0, 50000],
      ['starter', 1500, 20000],
      ['growth', 4900, 100000],
      ['scale', 14900, 500000],
    ]);
    expect(res.body.plans.every((p: HubPlan) => p.amount_currency === 'EUR' && p.interval === 'monthly')).toBe(true);
  });

  it('when plans are set, then the next listing shows exactly those, in that order', async () => {
    const next: HubPlan[] = [
      { code: 'pro', name: 'Pro', amount_cents: 9900, amount_currency: 'EUR', interval: 'monthly', monthly_email_quota: 250000 },
      { code: 'free', name: 'Free', amount_cents: 0, amount_currency: 'EUR', interval: 'monthly', monthly_email_quota: 1000 },
    ];
    hub.setPlans(next);
    next[0].amount_cents = 1; // the hub keeps its own copy
    expect((await plans()).body.plans.map((p: HubPlan) => [p.code, p.amount_cents])).toEqual([
      ['pro', 9900],
      ['free', 0],
    ]);
  });

  it('when plans are configured at start, then those are served', async () => {
    const custom = await startBillingHub({ apiKey: 'other', plans: [DEFAULT_HUB_PLANS[1]] });
    try {
      const res = await request(custom.url).get('/api/v1/plans').set('Authorization', 'Bearer other');
      expect(res.body.plans).toEqual([DEFAULT_HUB_PLANS[1]]);
    } finally {
      await custom.stop();
    }
  });

  it('when the hub is down, then every API call is 503 until it is back', async () => {
    hub.setDown(true);
    for (const res of [await plans(), await request(hub.url).get('/api/v1/plans'), await request(hub.url).get('/api/v1/other')]) {
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 503, error: 'Service Unavailable' });
    }
    hub.setDown(false);
    expect((await plans()).status).toBe(200);
  });
});
