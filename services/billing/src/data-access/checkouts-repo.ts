import type { Store } from '@mailplane/store';

/**
 * A checkout, written before its payment is created so that a paid payment always finds its tenant and
 * plan, even when the process died before it learned the payment id.
 */
export interface CheckoutRecord {
  _id: string;
  tenantId: string;
  plan: string;
  planName: string;
  priceCents: number;
  currency: string;
  monthlyEmailQuota: number;
  paymentId: string | null;
  status: 'open' | 'applied' | 'closed';
  createdAt: Date;
}

export function checkoutsRepo(store: Store) {
  const checkouts = store.collection<CheckoutRecord>('checkouts');
  return {
    async init() {
      // payment webhook: the checkout of a payment
      await checkouts.createIndex({ paymentId: 1 }, { sparse: true });
    },
    insert: (record: CheckoutRecord) => checkouts.insertOne(record),
    byId: (id: string) => checkouts.findOne({ _id: id }),
    byPayment: (paymentId: string) => checkouts.findOne({ paymentId }),
    async setPayment(id: string, paymentId: string) {
      await checkouts.updateOne({ _id: id }, { $set: { paymentId } });
    },
    async settle(id: string, status: 'applied' | 'closed', paymentId: string): Promise<boolean> {
      return (await checkouts.updateOne({ _id: id, status: 'open' }, { $set: { status, paymentId } })).matched === 1;
    },
  };
}
export type CheckoutsRepo = ReturnType<typeof checkoutsRepo>;
