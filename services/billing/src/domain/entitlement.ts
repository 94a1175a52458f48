import type { EntitlementChanged, Envelope } from '@mailplane/contracts';
import { newEnvelope, publishOptionsOf } from '@mailplane/runtime';
import type { AccountRecord, BackOfficeGrant, Subscription } from '../data-access/accounts-repo';
import type { BillingDeps } from './deps';

export const entitles = (s: Subscription | null): s is Subscription => s !== null && (s.status === 'active' || s.status === 'past_due');

export const activeGrant = (account: Pick<AccountRecord, 'subscription' | 'grant'>, at: Date): BackOfficeGrant | null =>
  !entitles(account.subscription) && account.grant && (!account.grant.until || account.grant.until > at) ? account.grant : null;

export function entitlementOf(
  deps: BillingDeps,
  account: Pick<AccountRecord, 'subscription' | 'grant' | 'revision'>,
  at: Date,
): EntitlementChanged {
  const s = account.subscription;
  const granted = activeGrant(account, at);
  return {
    revision: account.revision,
    plan: entitles(s) ? s.plan : (granted?.plan ?? 'free'),
    monthlyEmailQuota: entitles(s) ? s.monthlyEmailQuota : (granted?.monthlyEmailQuota ?? deps.config.freeMonthlyQuota),
    status: s?.status ?? 'none',
    hasSubscription: entitles(s),
    effectiveAt: at.toISOString(),
  };
}

/** One compare-and-set with its `entitlement.changed`; the sweeper publishes what the broker did not confirm. False: read again. */
export async function changeSubscription(
  deps: BillingDeps,
  account: AccountRecord,
  subscription: Subscription | null,
  grantsPayment?: string,
  audit: Envelope[] = [],
): Promise<boolean> {
  // A paid subscription ends any back-office grant.
  const grant = entitles(subscription) ? null : (account.grant ?? null);
  return changeEntitlement(deps, account, { subscription, grant }, grantsPayment, audit);
}

export const changeGrant = (deps: BillingDeps, account: AccountRecord, grant: BackOfficeGrant | null, audit: Envelope[] = []) =>
  changeEntitlement(deps, account, { subscription: account.subscription, grant }, undefined, audit);

async function changeEntitlement(
  deps: BillingDeps,
  account: AccountRecord,
  change: Pick<AccountRecord, 'subscription' | 'grant'>,
  grantsPayment?: string,
  audit: Envelope[] = [],
): Promise<boolean> {
  const now = deps.clock.now();
  const revision = account.revision + 1;
  const event = newEnvelope('event', 'entitlement.changed', now, {
    tenantId: account._id,
    correlationId: account._id,
    data: entitlementOf(deps, { ...change, revision }, now),
  });
  const events = [...account.pendingEvents, event, ...audit];
  const written = await deps.accounts.entitle(account, { ...change, revision, events, grantsPayment }, now);
  const changeSeq = (account.changeSeq ?? 0) + 1;
  const next: AccountRecord = { ...account, ...change, revision, updatedAt: now, pendingEvents: events, eventsPending: true, changeSeq };
  if (written) await announce(deps, next).catch((err) => deps.logger.warn('entitlement stored, not yet published', { err }));
  return written;
}

export const announce = (deps: BillingDeps, account: AccountRecord): Promise<void> =>
  deps.accounts.announce(account, (event) => deps.broker.publish(event, publishOptionsOf(event)));
