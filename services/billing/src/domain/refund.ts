import type { LedgerEntry } from '../data-access/ledger-repo';
import type { BillingDeps } from './deps';
import { centsOf, providerAmount } from './money';
import { configuredProvider } from './upstream';

interface RefundableCharge {
  tenantId: string;
  paymentId: string;
  amountCents: number;
  currency: string;
  plan: string | null;
  source: LedgerEntry['source'];
}

const GIVES_NOTHING_BACK = new Set(['failed', 'canceled']);

/** Once: a refund the provider holds is recorded, not made again (the key covers 24 hours of retries, the lookup any later). */
export async function refundCharge(deps: BillingDeps, charge: RefundableCharge): Promise<void> {
  const provider = configuredProvider(deps);
  const made = (await provider.refunds(charge.paymentId)).find((r) => !GIVES_NOTHING_BACK.has(r.status));
  const refund =
    made ??
    (await provider.refund(
      charge.paymentId,
      providerAmount(charge.amountCents, charge.currency),
      'Mailplane: refunded, this payment entitles to nothing',
      `refund.${charge.paymentId}`,
    ));
  await deps.ledger.recordRefund({
    ...charge,
    providerId: refund.id,
    amountCents: centsOf(refund.amount),
    currency: refund.amount.currency,
    at: deps.clock.now(),
  });
  await deps.ledger.markRefunded(charge.paymentId);
  deps.logger.info('payment refunded: it entitles to nothing', { tenantId: charge.tenantId, paymentId: charge.paymentId });
}
