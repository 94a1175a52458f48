import { keptAfterPublish } from '@mailplane/runtime';
import type { Envelope, SubscriptionStatus } from '@mailplane/contracts';
import { carrying, eventOutbox, type CarriesEvents, type Store } from '@mailplane/store';

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

/** A tier handed out from the back-office: nothing paid, no period unless the operator set an end. */
export interface BackOfficeGrant {
  grantId: string;
  plan: string;
  monthlyEmailQuota: number;
  until: Date | null;
  grantedAt: Date;
}

export interface AccountRecord extends CarriesEvents<Envelope> {
  _id: string;
  customerId: string | null;
  subscription: Subscription | null;
  /** Entitles only while no paid subscription does; a paid checkout ends it. */
  grant?: BackOfficeGrant | null;
  /** Grows with every change of what the tenant is entitled to (`entitlement.changed`). */
  revision: number;
  /** Written in the same compare-and-set as the state decided on: a payment is never both granted and refunded. */
  grantedPayments: string[];
  refusedPayments: string[];
  updatedAt: Date;
}

type PaymentDecision = { grantedPayments: string } | { refusedPayments: string };

export function accountsRepo(store: Store) {
  const accounts = store.collection<AccountRecord>('accounts');
  // Announcing an old read must not forget the events of a later change (a new revision, or an audit record written
  // with a subscription change that kept the revision): every change counts `changeSeq`.
  const outbox = eventOutbox(accounts, { agedBy: 'updatedAt', guardedBy: 'changeSeq', keeps: keptAfterPublish });
  const changeRead = async (account: AccountRecord, fields: Partial<AccountRecord>, push?: PaymentDecision): Promise<boolean> =>
    (
      await accounts.updateOne(
        { _id: account._id, revision: account.revision, updatedAt: account.updatedAt },
        { $set: fields, $inc: { changeSeq: 1 }, ...(push ? { $push: push } : {}) },
      )
    ).matched === 1;
  const appended = (account: AccountRecord, events: Envelope[]) =>
    events.length === 0 ? {} : carrying([...(account.eventsPending ? account.pendingEvents : []), ...events]);
  return {
    async init() {
      await outbox.init();
      // sweeper: grants whose end has come
      await accounts.createIndex({ 'grant.until': 1 }, { sparse: true });
    },
    byTenant: (tenantId: string) => accounts.findOne({ _id: tenantId }),
    async ensure(tenantId: string, at: Date): Promise<AccountRecord> {
      const fresh: AccountRecord = {
        _id: tenantId,
        customerId: null,
        subscription: null,
        revision: 0,
        grantedPayments: [],
        refusedPayments: [],
        updatedAt: at,
        ...carrying([]),
      };
      await accounts.updateOne({ _id: tenantId }, { $setOnInsert: { ...fresh } }, { upsert: true });
      return (await accounts.findOne({ _id: tenantId }))!;
    },
    /** The provider customer; when two checkouts race, the one written first is kept. */
    setCustomer: (account: AccountRecord, customerId: string, at: Date) => changeRead(account, { customerId, updatedAt: at }),
    /** A change that leaves the entitlement as it is (scheduled downgrade, cancellation at the period's end). */
    saveSubscription: (account: AccountRecord, subscription: Subscription, at: Date, events: Envelope[]) =>
      accounts.findOneAndUpdate(
        { _id: account._id, revision: account.revision, updatedAt: account.updatedAt },
        { $set: { subscription, updatedAt: at, ...appended(account, events) }, $inc: { changeSeq: 1 } },
      ),
    /** The subscription, the next revision, the event announcing it and the payment it grants, written together. */
    entitle: (
      account: AccountRecord,
      change: Pick<AccountRecord, 'subscription' | 'grant' | 'revision'> & { events: Envelope[]; grantsPayment?: string },
      at: Date,
    ) =>
      changeRead(
        account,
        { subscription: change.subscription, grant: change.grant, revision: change.revision, updatedAt: at, ...carrying(change.events) },
        change.grantsPayment ? { grantedPayments: change.grantsPayment } : undefined,
      ),
    /** Decides that a paid payment entitles to nothing here (it is refunded), on the account as read. */
    refusePayment: (account: AccountRecord, paymentId: string, at: Date) =>
      changeRead(account, { updatedAt: at }, { refusedPayments: paymentId }),
    async markHubSynced(tenantId: string, paymentId: string) {
      await accounts.updateOne({ _id: tenantId, 'subscription.sourcePaymentId': paymentId }, { $set: { 'subscription.hubSynced': true } });
    },
    grantsEndedBefore: (at: Date, limit: number) => accounts.find({ 'grant.until': { $lt: at } }, { limit }),
    unsynced: (limit: number) => accounts.find({ 'subscription.hubSynced': false }, { limit }),
    entitledAfter: (afterTenant: string | undefined, limit: number) =>
      accounts.find({ revision: { $gt: 0 }, ...(afterTenant ? { _id: { $gt: afterTenant } } : {}) }, { sort: { _id: 1 }, limit }),
    unannounced: outbox.unannounced,
    announce: outbox.announce,
    dropKept: outbox.dropKept,
    rearmKept: outbox.rearmKept,
  };
}
export type AccountsRepo = ReturnType<typeof accountsRepo>;
