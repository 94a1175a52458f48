import request from 'supertest';
import type { Env } from '../../../../platform/config';
import { subscribedTenant } from '../../../../test/support/billing';
import { auth } from '../../../../test/support/mail';
import { sharedPlatform } from '../../../../test/support/platform';

/**
 * The platform the checkout tests share (on `env`), with the hub back up and the provider reset after each test, and
 * the two calls they make as a tenant.
 */
export function checkoutPlatform(env: Env) {
  const platform = sharedPlatform(env);
  afterEach(() => {
    platform.sandbox.hub.setDown(false);
    platform.sandbox.provider.behaviour.reset();
  });
  return {
    platform,
    state: (key: string) => request(platform.url).get('/billing/state').set(auth(key)),
    checkout: (key: string, body: object) => request(platform.url).post('/billing/checkout').set(auth(key)).send(body),
  };
}

/** The platform the upgrade tests share, with the provider reset after each test, and what they ask of billing. */
export function upgradePlatform() {
  const platform = sharedPlatform();
  afterEach(() => platform.sandbox.provider.behaviour.reset());
  return {
    platform,
    state: async (key: string) => (await request(platform.url).get('/billing/state').set(auth(key))).body,
    quote: (key: string, plan: string) => request(platform.url).post('/billing/upgrade/quote').set(auth(key)).send({ plan }),
    upgrade: (key: string, body: object) => request(platform.url).post('/billing/upgrade').set(auth(key)).send(body),
    subscribed: (plan = 'starter') => subscribedTenant(platform, plan),
    /** The provider's recurring charges of one customer. */
    recurringCharges: (customerId: string | null) =>
      platform.sandbox.provider.payments().filter((p) => p.sequenceType === 'recurring' && p.customerId === customerId),
  };
}
