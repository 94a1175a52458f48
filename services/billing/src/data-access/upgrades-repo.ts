import { tenantScoped, type Store } from '@mailplane/store';

/**
 * An upgrade charge, written before the charge is made. Its id is the charge's idempotency key and is
 * derived from the request, so a retried upgrade never charges twice, and a charge confirmed later (or
 * after a crash) still finds what it pays for.
 */
export interface UpgradeRecord {
  _id: string;
  tenantId: string;
  plan: string;
  priceCents: number;
  monthlyEmailQuota: number;
  amountCents: number;
  currency: string;
  paymentId: string | null;
  status: 'open' | 'applied' | 'closed';
  createdAt: Date;
  appliedAt: Date | null;
}

export function upgradesRepo(store: Store) {
  const upgrades = store.collection<UpgradeRecord>('upgrades');
  const ofTenant = tenantScoped(upgrades);
  return {
    byId: (tenantId: string, id: string) => ofTenant.findOne(tenantId, { _id: id }),
    /** The record for this id, created if new. */
    async open(record: UpgradeRecord): Promise<UpgradeRecord> {
      await upgrades.updateOne({ _id: record._id }, { $setOnInsert: { ...record } }, { upsert: true });
      return (await ofTenant.findOne(record.tenantId, { _id: record._id }))!;
    },
    async settle(upgrade: UpgradeRecord, status: 'applied' | 'closed', paymentId: string, at: Date): Promise<void> {
      await ofTenant.updateOne(
        upgrade.tenantId,
        { _id: upgrade._id, status: 'open' },
        { $set: { status, paymentId, appliedAt: status === 'applied' ? at : null } },
      );
    },
  };
}
export type UpgradesRepo = ReturnType<typeof upgradesRepo>;
