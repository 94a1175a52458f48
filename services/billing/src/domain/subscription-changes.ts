import { AppError, type CancelResult, type DowngradeResult } from '@mailplane/contracts';
import { auditEvent, type AuditContext } from '@mailplane/runtime';
import type { AccountRecord, Subscription } from '../data-access/accounts-repo';
import type { HubSubscriptionChange } from '../data-access/hub';
import { getCatalogue } from './catalogue';
import { callUpstream, configuredProvider } from './upstream';
import type { BillingDeps } from './deps';
import { announce, entitles } from './entitlement';

type Entitled = AccountRecord & { subscription: Subscription };

async function entitledAccount(deps: BillingDeps, tenantId: string): Promise<Entitled> {
  configuredProvider(deps);
  const account = await deps.accounts.byTenant(tenantId);
  if (!account || !entitles(account.subscription))
    throw new AppError('no_subscription', 'There is no subscription; open a checkout instead.');
  return account as Entitled;
}

interface Audited {
  context: AuditContext;
  operationId: string;
  changes: Record<string, unknown>;
}

/** The hub first (it acts at the period's end); a retried request repeats both harmlessly (and is recorded again). */
async function tellHubThenRecord(
  deps: BillingDeps,
  tenantId: string,
  hubChange: HubSubscriptionChange,
  patch: Partial<Subscription>,
  audit: Audited,
): Promise<Subscription> {
  await callUpstream(() => deps.hub!.changeSubscription(tenantId, hubChange));
  const now = deps.clock.now();
  const target = { type: 'subscription', id: tenantId };
  const event = auditEvent(tenantId, audit.context, { operationId: audit.operationId, target, changes: audit.changes }, now);
  for (;;) {
    const account = await entitledAccount(deps, tenantId);
    const subscription = { ...account.subscription, ...patch };
    const saved = await deps.accounts.saveSubscription(account, subscription, now, [event]);
    if (!saved) continue;
    await announce(deps, saved).catch((err) => deps.logger.warn('subscription change stored, not yet announced', { err }));
    return subscription;
  }
}

/** POST /billing/downgrade: the smaller paid tier from the next renewal; nothing changes today, nothing is refunded. */
export async function scheduleDowngrade(
  deps: BillingDeps,
  tenantId: string,
  planId: string,
  audit: AuditContext,
): Promise<DowngradeResult> {
  const { subscription: current } = await entitledAccount(deps, tenantId);
  const catalogue = await getCatalogue(deps);
  if (catalogue.degraded) throw new AppError('billing_unavailable', 'The plan catalogue cannot be reached; try again shortly.');
  const target = catalogue.plans.find((p) => p.id === planId);
  if (!target) throw new AppError('unknown_plan', `There is no plan ${planId}.`);
  if (target.priceCents === 0)
    throw new AppError('downgrade_to_free', 'The free tier is reached by cancelling: DELETE /billing/subscription.');
  if (target.priceCents >= current.priceCents) throw new AppError('not_a_downgrade', `${planId} is not smaller than ${current.plan}.`);
  if (current.status !== 'active' || current.cancelAtPeriodEnd) {
    throw new AppError(
      'tier_change_not_allowed',
      'The subscription cannot change tier while a payment is due or a cancellation is pending.',
    );
  }
  const scheduledPlan = { plan: target.id, priceCents: target.priceCents, monthlyEmailQuota: target.monthlyEmailQuota };
  const recorded = { context: audit, operationId: 'downgradeSubscription', changes: { scheduledPlan: target.id } };
  const s = await tellHubThenRecord(deps, tenantId, { scheduled_plan_code: target.id }, { scheduledPlan }, recorded);
  return { plan: s.plan, scheduledPlan: target.id, effectiveAt: s.periodEnd.toISOString() };
}

/** DELETE /billing/pending-change: withdraws a scheduled downgrade; also fine when none is scheduled. */
export async function withdrawPendingChange(deps: BillingDeps, tenantId: string, audit: AuditContext): Promise<void> {
  await entitledAccount(deps, tenantId);
  const recorded = { context: audit, operationId: 'cancelPendingChange', changes: { scheduledPlan: null } };
  await tellHubThenRecord(deps, tenantId, { scheduled_plan_code: null }, { scheduledPlan: null }, recorded);
}

/** DELETE /billing/subscription: no further charges; the paid period keeps entitling until it ends. Repeatable. */
export async function cancelSubscription(deps: BillingDeps, tenantId: string, audit: AuditContext): Promise<CancelResult> {
  await entitledAccount(deps, tenantId);
  const s = await tellHubThenRecord(
    deps,
    tenantId,
    { cancel_at_period_end: true, scheduled_plan_code: null },
    { cancelAtPeriodEnd: true, scheduledPlan: null },
    { context: audit, operationId: 'cancelSubscription', changes: { cancelAtPeriodEnd: true } },
  );
  return { accessUntil: s.periodEnd.toISOString(), hasSubscription: true, cancelAtPeriodEnd: true };
}
