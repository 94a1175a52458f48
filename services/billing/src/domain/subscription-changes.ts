import { AppError, type CancelResult, type DowngradeResult } from '@mailplane/contracts';
import type { AccountRecord, Subscription } from '../data-access/accounts-repo';
import type { HubSubscriptionChange } from '../data-access/hub';
import { getCatalogue } from './catalogue';
import { callUpstream, configuredProvider } from './upstream';
import type { BillingDeps } from './deps';
import { entitles } from './entitlement';

type Entitled = AccountRecord & { subscription: Subscription };

async function entitledAccount(deps: BillingDeps, tenantId: string): Promise<Entitled> {
  configuredProvider(deps);
  const account = await deps.accounts.byTenant(tenantId);
  if (!account || !entitles(account.subscription))
    throw new AppError('no_subscription', 'There is no subscription; open a checkout instead.');
  return account as Entitled;
}

/** The hub first (it acts at the period's end), then our record; a retried request repeats both harmlessly. */
async function tellHubThenRecord(
  deps: BillingDeps,
  tenantId: string,
  hubChange: HubSubscriptionChange,
  patch: Partial<Subscription>,
): Promise<Subscription> {
  await callUpstream(() => deps.hub!.changeSubscription(tenantId, hubChange));
  for (;;) {
    const account = await entitledAccount(deps, tenantId);
    const subscription = { ...account.subscription, ...patch };
    if (await deps.accounts.saveSubscription(account, subscription, deps.clock.now())) return subscription;
  }
}

/** POST /billing/downgrade: the smaller paid tier from the next renewal; nothing changes today, nothing is refunded. */
export async function scheduleDowngrade(deps: BillingDeps, tenantId: string, planId: string): Promise<DowngradeResult> {
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
  const s = await tellHubThenRecord(deps, tenantId, { scheduled_plan_code: target.id }, { scheduledPlan });
  return { plan: s.plan, scheduledPlan: target.id, effectiveAt: s.periodEnd.toISOString() };
}

/** DELETE /billing/pending-change: withdraws a scheduled downgrade; also fine when none is scheduled. */
export async function withdrawPendingChange(deps: BillingDeps, tenantId: string): Promise<void> {
  await entitledAccount(deps, tenantId);
  await tellHubThenRecord(deps, tenantId, { scheduled_plan_code: null }, { scheduledPlan: null });
}

/** DELETE /billing/subscription: no further charges; the paid period keeps entitling until it ends. Repeatable. */
export async function cancelSubscription(deps: BillingDeps, tenantId: string): Promise<CancelResult> {
  await entitledAccount(deps, tenantId);
  const s = await tellHubThenRecord(
    deps,
    tenantId,
    { cancel_at_period_end: true, scheduled_plan_code: null },
    { cancelAtPeriodEnd: true, scheduledPlan: null },
  );
  return { accessUntil: s.periodEnd.toISOString(), hasSubscription: true, cancelAtPeriodEnd: true };
}
