import type { EntitlementChanged } from '@mailplane/contracts';
import { newEnvelope } from '@mailplane/runtime';
import type { AccountRecord, Subscription } from '../data-access/accounts-repo';
import type { BillingDeps } from './deps';

export const entitles = (s: Subscription | null): s is Subscription => s !== null && (s.status === 'active' || s.status === 'past_due');

/** What the account entitles to now: the subscription's plan while it entitles, the free tier otherwise. */
export function entitlementOf(deps: BillingDeps, account: Pick<AccountRecord, 'subscription' | 'revision'>, at: Date): EntitlementChanged {
  const s = account.subscription;
  return {
    revision: account.revision,
    plan: entitles(s) ? s.plan : 'free',
    monthlyEmailQuota: entitles(s) ? s.monthlyEmailQuota : deps.config.freeMonthlyQuota,
    status: s?.status ?? 'none',
    hasSubscription: entitles(s),
    effectiveAt: at.toISOString(),
  };
}

/**
 * Writes a new subscription state with its `entitlement.changed` (next revision) in one compare-and-set,
 * then publishes it; the sweeper publishes whatever the broker did not confirm. False when the account
 * changed meanwhile (the caller reads it again).
 */
export async function changeSubscription(
  deps: BillingDeps,
  account: AccountRecord,
  subscription: Subscription | null,
  grantsPayment?: string,
): Promise<boolean> {
  const now = deps.clock.now();
  const revision = account.revision + 1;
  const event = newEnvelope('event', 'entitlement.changed', now, {
    tenantId: account._id,
    correlationId: account._id,
    data: entitlementOf(deps, { subscription, revision }, now),
  });
  const events = [...account.pendingEvents, event];
  const written = await deps.accounts.entitle(account, { subscription, revision, events, grantsPayment }, now);
  const next: AccountRecord = { ...account, subscription, revision, updatedAt: now, pendingEvents: events, eventsPending: true };
  if (written) await announce(deps, next).catch((err) => deps.logger.warn('entitlement stored, not yet published', { err }));
  return written;
}

export const announce = (deps: BillingDeps, account: AccountRecord): Promise<void> =>
  deps.accounts.announce(account, (event) => deps.broker.publish(event));
