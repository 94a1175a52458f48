import request from 'supertest';
import { auth } from './mail';
import { eventually } from './eventually';
import type { PlatformUnderTest } from './platform';

/**
 * A new tenant who bought `plan` through the sandbox provider's hosted checkout. It returns once the hub
 * knows the subscription, which billing tells it after the checkout is applied.
 */
export async function subscribedTenant(platform: PlatformUnderTest, plan: string, timeoutMs = 5000) {
  const { key, tenantId } = await platform.newTenant();
  const opened = (await request(platform.url).post('/billing/checkout').set(auth(key)).send({ plan }).expect(200)).body;
  await platform.sandbox.provider.complete(opened.paymentId, 'paid');
  await eventually(
    () => platform.sandbox.hub.subscriptions().some((s) => s.external_id === tenantId),
    'the hub to learn the subscription',
    timeoutMs,
  );
  const customerId = platform.sandbox.provider.payments().find((p) => p.id === opened.paymentId)!.customerId;
  return { key, tenantId, customerId };
}
