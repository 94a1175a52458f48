import type { AuditContext } from '@mailplane/runtime';
import { tenantScoped, type Store } from '@mailplane/store';

/** Written before its payment is created, so a paid payment finds its tenant and plan even if the process died first. */
export interface CheckoutRecord {
  _id: string;
  tenantId: string;
  plan: string;
  planName: string;
  priceCents: number;
  currency: string;
  monthlyEmailQuota: number;
  paymentId: string | null;
  /** `closed`: the payment failed, expired or was canceled; `refunded`: paid, but the tenant was entitled already. */
  status: 'open' | 'applied' | 'closed' | 'refunded';
  createdAt: Date;
  /** Who asked for it: the subscription it starts is recorded as their change when its payment settles. */
  requestedBy?: AuditContext | null;
}

export function checkoutsRepo(store: Store) {
  const checkouts = store.collection<CheckoutRecord>('checkouts');
  const ofTenant = tenantScoped(checkouts);
  return {
    async init() {
      await checkouts.createIndex({ paymentId: 1 }, { sparse: true });
      // a new checkout cancels the tenant's earlier open ones
      await checkouts.createIndex({ tenantId: 1, status: 1 });
    },
    insert: (record: CheckoutRecord) => checkouts.insertOne(record),
    byId: (tenantId: string, id: string) => ofTenant.findOne(tenantId, { _id: id }),
    /** The public return page knows only the checkout id (its unguessable part is the credential), so this spans tenants. */
    byIdForReturnPage: (id: string) => checkouts.findOne({ _id: id }),
    /** The provider's notification names only the payment, so this one lookup spans tenants. */
    byPayment: (paymentId: string) => checkouts.findOne({ paymentId }),
    async setPayment(tenantId: string, id: string, paymentId: string) {
      await ofTenant.updateOne(tenantId, { _id: id }, { $set: { paymentId } });
    },
    openOf: (tenantId: string) => ofTenant.find(tenantId, { status: 'open' }),
    async settle(checkout: CheckoutRecord, status: Exclude<CheckoutRecord['status'], 'open'>, paymentId: string): Promise<boolean> {
      return (
        (await ofTenant.updateOne(checkout.tenantId, { _id: checkout._id, status: 'open' }, { $set: { status, paymentId } })).matched === 1
      );
    },
  };
}
export type CheckoutsRepo = ReturnType<typeof checkoutsRepo>;
