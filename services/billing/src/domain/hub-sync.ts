import type { BillingDeps } from './deps';

/** Tells the hub about the subscription (new, or upgraded), so that it charges the renewals at its price; retried by the sweeper until it worked. */
export async function syncToHub(deps: BillingDeps, tenantId: string): Promise<void> {
  const s = (await deps.accounts.byTenant(tenantId))?.subscription;
  if (!deps.hub || !s || s.hubSynced) return;
  await deps.hub.putSubscription(tenantId, s.plan, s.periodStart, s.periodEnd);
  await deps.accounts.markHubSynced(tenantId, s.sourcePaymentId);
}
