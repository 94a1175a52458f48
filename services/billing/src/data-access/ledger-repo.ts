import { tenantScoped, type Store } from '@mailplane/store';

/** What became of a charge: decided on the account, then mirrored here; the sweeper finishes the unfinished. */
export type ChargeOutcome = 'pending' | 'granted' | 'refund_due' | 'refunded';

/** Each charge, refund and grant is recorded once (the id names it). Per tenant, charges − refunds = grants, in cents. */
export interface LedgerEntry {
  /** `charge:<payment>`, `refund:<payment>`, `grant:<payment>`, or `grant:<back-office grant>`. */
  _id: string;
  tenantId: string;
  kind: 'charge' | 'refund' | 'grant';
  /** The provider's id: the payment of a charge or grant, the refund's `re_…`; null for a grant without payment. */
  providerId: string | null;
  paymentId: string | null;
  amountCents: number;
  currency: string;
  plan: string | null;
  source: 'checkout' | 'upgrade' | 'back-office';
  at: Date;
  /** Charges only. */
  outcome?: ChargeOutcome;
}

export function ledgerRepo(store: Store) {
  const ledger = store.collection<LedgerEntry>('ledger');
  const ofTenant = tenantScoped(ledger);
  const recordOnce = async (entry: LedgerEntry): Promise<LedgerEntry> => {
    await ledger.updateOne({ _id: entry._id }, { $setOnInsert: { ...entry } }, { upsert: true });
    return (await ledger.findOne({ _id: entry._id }))!;
  };
  const setOutcome = async (paymentId: string, from: ChargeOutcome[], outcome: ChargeOutcome) =>
    (await ledger.updateOne({ _id: `charge:${paymentId}`, outcome: { $in: from } }, { $set: { outcome } })).matched === 1;
  return {
    async init() {
      // sweeper: charges whose outcome is not final yet, oldest first
      await ledger.createIndex({ outcome: 1, at: 1 }, { sparse: true });
      await ledger.createIndex({ tenantId: 1, at: 1 });
    },
    /** The charge as first recorded (`pending`), or as it stands when it was recorded before. */
    recordCharge: (entry: Omit<LedgerEntry, '_id' | 'kind' | 'outcome' | 'providerId'>) =>
      recordOnce({ ...entry, _id: `charge:${entry.paymentId}`, kind: 'charge', providerId: entry.paymentId, outcome: 'pending' }),
    recordGrant: (entry: Omit<LedgerEntry, '_id' | 'kind'> & { grantId: string }) => {
      const { grantId, ...rest } = entry;
      return recordOnce({ ...rest, _id: `grant:${grantId}`, kind: 'grant' });
    },
    recordRefund: (entry: Omit<LedgerEntry, '_id' | 'kind'>) => recordOnce({ ...entry, _id: `refund:${entry.paymentId}`, kind: 'refund' }),
    markGranted: (paymentId: string) => setOutcome(paymentId, ['pending'], 'granted'),
    markRefundDue: (paymentId: string) => setOutcome(paymentId, ['pending'], 'refund_due'),
    markRefunded: (paymentId: string) => setOutcome(paymentId, ['pending', 'refund_due'], 'refunded'),
    unfinishedCharges: (before: Date, limit: number) =>
      ledger.find({ outcome: { $in: ['pending', 'refund_due'] }, at: { $lt: before } }, { sort: { at: 1 }, limit }),
    ofTenant: (tenantId: string) => ofTenant.find(tenantId, {}, { sort: { at: 1, _id: 1 } }),
  };
}
export type LedgerRepo = ReturnType<typeof ledgerRepo>;
