import type { Envelope, SubscriptionStatus } from '@mailplane/contracts';
import type { Store, Update } from '@mailplane/store';

export interface Subscription {
  plan: string;
  status: Exclude<SubscriptionStatus, 'none'>;
  priceCents: number;
  currency: string;
  monthlyEmailQuota: number;
  mandateId: string | null;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** The first payment that created it: applying the same payment again finds it here. */
  sourcePaymentId: string;
  /** The upgrade that set the current plan, likewise. */
  upgradeId?: string;
  /** False until the hub knows the subscription; the sweeper retries until it does. */
  hubSynced: boolean;
  scheduledPlan: { plan: string; priceCents: number; monthlyEmailQuota: number } | null;
  /** While past due: the last moment to fix the payment before the subscription lapses. */
  fixUntil: Date | null;
}

/** A tenant's billing: the provider customer, the subscription, and the entitlement revision announced to mail. */
export interface AccountRecord {
  _id: string;
  customerId: string | null;
  subscription: Subscription | null;
  /** Grows with every change of what the tenant is entitled to (`entitlement.changed`). */
  revision: number;
  pendingEvents: Envelope[];
  eventsPending: boolean;
  updatedAt: Date;
}

export function accountsRepo(store: Store) {
  const accounts = store.collection<AccountRecord>('accounts');
  return {
    async init() {
      // sweeper: entitlement changes the broker has not confirmed
      await accounts.createIndex({ eventsPending: 1 });
    },
    byTenant: (tenantId: string) => accounts.findOne({ _id: tenantId }),
    /** Creates the account on first use. */
    async ensure(tenantId: string, at: Date): Promise<AccountRecord> {
      await accounts.updateOne(
        { _id: tenantId },
        {
          $setOnInsert: {
            _id: tenantId,
            customerId: null,
            subscription: null,
            revision: 0,
            pendingEvents: [],
            eventsPending: false,
            updatedAt: at,
          },
        },
        { upsert: true },
      );
      return (await accounts.findOne({ _id: tenantId }))!;
    },
    /** Compare-and-set on the revision read: false when another change came first. */
    async change(account: AccountRecord, update: Update): Promise<boolean> {
      return (
        (await accounts.updateOne({ _id: account._id, revision: account.revision, updatedAt: account.updatedAt }, update)).matched === 1
      );
    },
    async markHubSynced(tenantId: string, paymentId: string) {
      await accounts.updateOne({ _id: tenantId, 'subscription.sourcePaymentId': paymentId }, { $set: { 'subscription.hubSynced': true } });
    },
    unsynced: (limit: number) => accounts.find({ 'subscription.hubSynced': false }, { limit }),
    unannounced: (before: Date, limit: number) => accounts.find({ eventsPending: true, updatedAt: { $lt: before } }, { limit }),
    async announced(account: AccountRecord) {
      await accounts.updateOne(
        { _id: account._id, revision: account.revision, eventsPending: true },
        { $set: { pendingEvents: [], eventsPending: false } },
      );
    },
  };
}
export type AccountsRepo = ReturnType<typeof accountsRepo>;
