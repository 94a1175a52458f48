import { FREE_PLAN_ID, type EntitlementChanged } from '@mailplane/contracts';
import type { WebhooksDeps } from './deps';

/** Billing's latest word on the tenant's plan; older revisions arriving late change nothing. */
export async function applyEntitlement(deps: WebhooksDeps, tenantId: string, change: EntitlementChanged): Promise<boolean> {
  return deps.plans.apply(tenantId, change.plan, change.revision, deps.clock.now());
}

/** The endpoints the tenant's plan allows; before billing announces a plan the tenant is on the free one, as billing says. */
export async function endpointLimit(deps: WebhooksDeps, tenantId: string): Promise<{ plan: string; limit: number }> {
  const plan = (await deps.plans.byTenant(tenantId))?.plan ?? FREE_PLAN_ID;
  return { plan, limit: deps.config.endpointLimits[plan] ?? deps.config.endpointLimitDefault };
}
