import type { AuditContext } from '@mailplane/runtime';
import { tenantScoped, type Store } from '@mailplane/store';

/** The id derives from the request, so a retry or a late charge finds it; each attempt has its own idempotency key. */
export interface UpgradeRecord {
  _id: string;
  tenantId: string;
  /** The entitlement revision the amount was priced on; the charge applies only while it is current. */
  revision: number;
  plan: string;
  priceCents: number;
  monthlyEmailQuota: number;
  amountCents: number;
  currency: string;
  /** 1 for the first charge; one more for every retry after a decline. */
  attempt: number;
  paymentId: string | null;
  status: 'open' | 'applied' | 'closed';
  createdAt: Date;
  appliedAt: Date | null;
  /** Who asked for it: the larger plan is recorded as their change when it applies. */
  requestedBy?: AuditContext | null;
}

export const chargeKey = (record: Pick<UpgradeRecord, '_id' | 'attempt'>) => `${record._id}.${record.attempt}`;

export function upgradesRepo(store: Store) {
  const upgrades = store.collection<UpgradeRecord>('upgrades');
  const ofTenant = tenantScoped(upgrades);
  const reread = async (record: UpgradeRecord) => (await ofTenant.findOne(record.tenantId, { _id: record._id }))!;
  return {
    byId: (tenantId: string, id: string) => ofTenant.findOne(tenantId, { _id: id }),
    async open(record: UpgradeRecord): Promise<UpgradeRecord> {
      await upgrades.updateOne({ _id: record._id }, { $setOnInsert: { ...record } }, { upsert: true });
      return reread(record);
    },
    /** Reopens a declined upgrade as its next attempt; racing retries agree on one attempt. */
    async nextAttempt(record: UpgradeRecord): Promise<UpgradeRecord> {
      await ofTenant.updateOne(
        record.tenantId,
        { _id: record._id, status: 'closed', attempt: record.attempt },
        { $set: { status: 'open', paymentId: null }, $inc: { attempt: 1 } },
      );
      return reread(record);
    },
    async setPayment(record: UpgradeRecord, paymentId: string): Promise<void> {
      await ofTenant.updateOne(record.tenantId, { _id: record._id, attempt: record.attempt, paymentId: null }, { $set: { paymentId } });
    },
    /** Settles the attempt the payment belongs to; an older attempt's late news changes nothing. */
    async settle(upgrade: UpgradeRecord, status: 'applied' | 'closed', paymentId: string, at: Date): Promise<boolean> {
      const { matched } = await ofTenant.updateOne(
        upgrade.tenantId,
        { _id: upgrade._id, status: 'open', attempt: upgrade.attempt },
        { $set: { status, paymentId, appliedAt: status === 'applied' ? at : null } },
      );
      return matched === 1;
    },
  };
}
export type UpgradesRepo = ReturnType<typeof upgradesRepo>;
