import type { LedgerEntry } from '../data-access/ledger-repo';
import type { BillingDeps } from './deps';

/** A tenant's money as the ledger has it; `balanced` is the identity charged − refunded = granted. */
export interface LedgerSummary {
  chargedCents: number;
  refundedCents: number;
  grantedCents: number;
  balanced: boolean;
  /** Charges neither granted nor refunded yet (the sweeper is on them). */
  unsettled: number;
  entries: LedgerEntry[];
}

export async function ledgerOf(deps: BillingDeps, tenantId: string): Promise<LedgerSummary> {
  const entries = await deps.ledger.ofTenant(tenantId);
  const total = (kind: LedgerEntry['kind']) => entries.filter((e) => e.kind === kind).reduce((sum, e) => sum + e.amountCents, 0);
  const [chargedCents, refundedCents, grantedCents] = [total('charge'), total('refund'), total('grant')];
  return {
    chargedCents,
    refundedCents,
    grantedCents,
    balanced: chargedCents - refundedCents === grantedCents,
    unsettled: entries.filter((e) => e.outcome === 'pending' || e.outcome === 'refund_due').length,
    entries,
  };
}
