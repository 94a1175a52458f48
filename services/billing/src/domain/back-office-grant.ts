import { AppError, type BillingState, type GrantRequest } from '@mailplane/contracts';
import { newId } from '@mailplane/runtime';
import { getCatalogue } from './catalogue';
import type { BillingDeps } from './deps';
import { changeGrant, entitles } from './entitlement';
import { billingState } from './state';

/**
 * POST /admin/tenants/{id}/grant: a zero-priced plan of the catalogue, handed out by an operator. Refused
 * while a paid subscription entitles (the tenant would pay for what it no longer uses). Granting again
 * replaces the grant. Recorded in the ledger as a grant of 0.
 */
export async function grantPlan(deps: BillingDeps, tenantId: string, input: GrantRequest, requestId: string): Promise<BillingState> {
  if (!deps.hub) throw new AppError('billing_not_configured', 'No billing hub is configured.');
  const catalogue = await getCatalogue(deps);
  if (catalogue.degraded) throw new AppError('billing_unavailable', 'The plan catalogue cannot be reached; try again shortly.');
  const plan = catalogue.plans.find((p) => p.id === input.plan);
  if (!plan) throw new AppError('unknown_plan', `There is no plan ${input.plan}.`);
  if (plan.priceCents !== 0)
    throw new AppError('plan_not_grantable', `${plan.id} costs ${plan.priceCents} cents; only free plans are granted.`);
  const now = deps.clock.now();
  const until = input.until ? new Date(input.until) : null;
  if (until && until <= now) throw new AppError('validation_failed', 'A grant must end in the future.');
  const grant = { grantId: newId('grt', now.getTime()), plan: plan.id, monthlyEmailQuota: plan.monthlyEmailQuota, until, grantedAt: now };
  for (;;) {
    const account = await deps.accounts.ensure(tenantId, now);
    if (entitles(account.subscription))
      throw new AppError('already_subscribed', 'The tenant holds a paid subscription; it must end before a plan is granted.');
    if (await changeGrant(deps, account, grant)) break;
  }
  await deps.ledger.recordGrant({
    grantId: grant.grantId,
    tenantId,
    providerId: null,
    paymentId: null,
    amountCents: 0,
    currency: catalogue.currency,
    plan: plan.id,
    source: 'back-office',
    at: now,
  });
  deps.logger.info('plan granted from the back-office', { tenantId, plan: plan.id, until });
  return billingState(deps, tenantId, requestId);
}

/** DELETE /admin/tenants/{id}/grant, and the sweeper once a grant's end has come: back to what the tenant pays for, or free. */
export async function revokeGrant(deps: BillingDeps, tenantId: string, requestId: string): Promise<BillingState> {
  for (;;) {
    const account = await deps.accounts.byTenant(tenantId);
    if (!account?.grant || (await changeGrant(deps, account, null))) break;
  }
  return billingState(deps, tenantId, requestId);
}
