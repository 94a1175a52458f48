import type { BillingState, MonthlyUsage } from '@mailplane/contracts';
import type { BillingDeps } from './deps';
import { activeGrant, entitlementOf, entitles } from './entitlement';

/** From billing's own records, so it answers while the hub or provider is away; usage is null without mail's answer. */
export async function billingState(deps: BillingDeps, tenantId: string, requestId: string): Promise<BillingState> {
  const account = await deps.accounts.byTenant(tenantId);
  const now = deps.clock.now();
  const s = account?.subscription ?? null;
  const view = { subscription: s, grant: account?.grant ?? null, revision: account?.revision ?? 0 };
  const entitlement = entitlementOf(deps, view, now);
  const granted = activeGrant(view, now);
  return {
    hasSubscription: entitlement.hasSubscription,
    plan: entitlement.plan,
    status: entitlement.status,
    paymentFailed: s?.status === 'past_due',
    fixUntil: s?.status === 'past_due' && s.fixUntil ? s.fixUntil.toISOString() : null,
    currentPeriodEnd: entitles(s) ? s.periodEnd.toISOString() : (granted?.until?.toISOString() ?? null),
    cancelAtPeriodEnd: entitles(s) ? s.cancelAtPeriodEnd : false,
    scheduledChange:
      entitles(s) && s.scheduledPlan ? { kind: 'downgrade', plan: s.scheduledPlan.plan, effectiveAt: s.periodEnd.toISOString() } : null,
    monthlyEmailQuota: entitlement.monthlyEmailQuota,
    granted: granted !== null,
    usage: await usage(deps, tenantId, requestId),
  };
}

async function usage(deps: BillingDeps, tenantId: string, requestId: string): Promise<MonthlyUsage | null> {
  try {
    return await deps.mailUsage(tenantId, requestId);
  } catch (err) {
    deps.logger.warn('monthly usage not available from mail', { tenantId, err });
    return null;
  }
}
