import type { BillingState } from '@mailplane/contracts';
import type { BillingDeps } from './deps';
import { entitlementOf, entitles } from './entitlement';

/** GET /billing/state, from billing's own records: it answers also while the hub or provider is away. */
export async function billingState(deps: BillingDeps, tenantId: string): Promise<BillingState> {
  const account = await deps.accounts.byTenant(tenantId);
  const s = account?.subscription ?? null;
  const entitlement = entitlementOf(deps, { subscription: s, revision: account?.revision ?? 0 }, deps.clock.now());
  return {
    hasSubscription: entitlement.hasSubscription,
    plan: entitlement.plan,
    status: entitlement.status,
    paymentFailed: s?.status === 'past_due',
    fixUntil: s?.status === 'past_due' && s.fixUntil ? s.fixUntil.toISOString() : null,
    currentPeriodEnd: entitles(s) ? s.periodEnd.toISOString() : null,
    cancelAtPeriodEnd: entitles(s) ? s.cancelAtPeriodEnd : false,
    scheduledChange:
      entitles(s) && s.scheduledPlan ? { kind: 'downgrade', plan: s.scheduledPlan.plan, effectiveAt: s.periodEnd.toISOString() } : null,
    monthlyEmailQuota: entitlement.monthlyEmailQuota,
  };
}
