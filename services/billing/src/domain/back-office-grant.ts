import { AppError, type BillingState, type GrantRequest } from '@mailplane/contracts';
import { auditEvent, newId, type AuditContext } from '@mailplane/runtime';
import { getCatalogue } from './catalogue';
import type { BillingDeps } from './deps';
import { changeGrant, entitles } from './entitlement';
import { billingState } from './state';

const grantChange = (grantId: string, operationId: string, changes: Record<string, unknown>) => ({
  operationId,
  target: { type: 'grant', id: grantId },
  changes,
});

/** Refused while a paid subscription entitles (the tenant would pay for what it no longer uses); a new grant replaces one. */
export async function grantPlan(deps: BillingDeps, tenantId: string, input: GrantRequest, audit: AuditContext): Promise<BillingState> {
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
  const changes = { plan: plan.id, until: until?.toISOString() ?? null };
  const recorded = auditEvent(tenantId, audit, grantChange(grant.grantId, 'grantPlan', changes), now);
  for (;;) {
    const account = await deps.accounts.ensure(tenantId, now);
    if (entitles(account.subscription))
      throw new AppError('already_subscribed', 'The tenant holds a paid subscription; it must end before a plan is granted.');
    if (await changeGrant(deps, account, grant, [recorded])) break;
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
  return billingState(deps, tenantId, audit.requestId);
}

/** Back to what the tenant pays for, or free; with nothing granted, nothing changes and nothing is recorded. */
export async function revokeGrant(deps: BillingDeps, tenantId: string, audit: AuditContext): Promise<BillingState> {
  for (;;) {
    const account = await deps.accounts.byTenant(tenantId);
    if (!account?.grant) break;
    const recorded = auditEvent(
      tenantId,
      audit,
      grantChange(account.grant.grantId, 'revokeGrant', { plan: account.grant.plan }),
      deps.clock.now(),
    );
    if (await changeGrant(deps, account, null, [recorded])) break;
  }
  return billingState(deps, tenantId, audit.requestId);
}
