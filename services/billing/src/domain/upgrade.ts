import type { AuditContext } from '@mailplane/runtime';
import { AppError, type UpgradeRequest, type UpgradeResult } from '@mailplane/contracts';
import { ChargeRefusedError, type ProviderPayment } from '../data-access/provider';
import { chargeKey } from '../data-access/upgrades-repo';
import { configuredProvider, unavailable } from './upstream';
import type { BillingDeps } from './deps';
import { providerAmount } from './money';
import { priceUpgrade } from './quote';
import { applyFreeUpgrade, settleUpgradePayment } from './upgrade-settlement';

const SUBSCRIPTION_MOVED = 'The subscription changed while this upgrade was charged; the charge is refunded. Quote again.';

/** The amount is computed again and must equal `acceptedCents`; the larger tier applies once its charge is paid. */
export async function upgrade(deps: BillingDeps, tenantId: string, input: UpgradeRequest, audit: AuditContext): Promise<UpgradeResult> {
  const provider = configuredProvider(deps);
  const { account, quote, target } = await priceUpgrade(deps, tenantId, input.plan);
  if (input.acceptedCents !== quote.amountCents) {
    throw new AppError('quote_stale', `The upgrade now costs ${quote.amountCents} cents, not ${input.acceptedCents}; quote again.`, {
      extra: { amountCents: quote.amountCents },
    });
  }
  if (quote.consentRequired && input.consented !== true) {
    throw new AppError('quote_not_consented', `A charge of ${quote.amountCents} cents needs the customer's consent (consented: true).`);
  }
  // Same tenant, same subscription state, same plan and amount: the same record.
  let record = await deps.upgrades.open({
    _id: `upg_${tenantId}_${account.revision}_${target.id}_${quote.amountCents}`,
    tenantId,
    revision: account.revision,
    attempt: 1,
    plan: target.id,
    priceCents: target.priceCents,
    monthlyEmailQuota: target.monthlyEmailQuota,
    amountCents: quote.amountCents,
    currency: quote.currency,
    paymentId: null,
    status: 'open',
    createdAt: deps.clock.now(),
    appliedAt: null,
    requestedBy: audit,
  });
  // A decline is final at the provider, which would replay it under the same key: the retry is a new attempt.
  if (record.status === 'closed') record = await deps.upgrades.nextAttempt(record);
  const result = (paymentId: string | null): UpgradeResult => ({
    plan: target.id,
    chargedCents: quote.amountCents,
    currency: quote.currency,
    effectiveAt: deps.clock.now().toISOString(),
    paymentId,
  });
  if (quote.amountCents === 0) {
    if (!(await applyFreeUpgrade(deps, record))) throw new AppError('quote_stale', 'The subscription changed meanwhile; quote again.');
    return result(null);
  }
  let payment: ProviderPayment;
  try {
    payment = await provider.createPayment(
      {
        amount: providerAmount(quote.amountCents, quote.currency),
        description: `Mailplane upgrade to ${target.id}, rest of the period`,
        webhookUrl: `${deps.config.publicUrl}/billing/webhook/payment-provider`,
        metadata: { tenantId, plan: target.id, upgradeId: record._id, attempt: String(record.attempt) },
        sequenceType: 'recurring',
        customerId: account.customerId!,
      },
      chargeKey(record),
    );
  } catch (err) {
    if (err instanceof ChargeRefusedError) {
      await deps.upgrades.settle(record, 'closed', '', deps.clock.now());
      throw new AppError('payment_declined', 'The stored payment method cannot be charged; nothing changed.');
    }
    throw unavailable(err);
  }
  await deps.upgrades.setPayment(record, payment.id);
  const charge = await settleUpgradePayment(deps, record, payment).catch((err) => Promise.reject(unavailable(err)));
  if (charge === 'declined') throw new AppError('payment_declined', 'The charge was declined; the plan is unchanged.');
  if (charge === 'refunded') throw new AppError('quote_stale', SUBSCRIPTION_MOVED);
  if (charge === 'processing')
    throw new AppError('billing_unavailable', 'The charge is still being processed; the larger plan applies as soon as it is paid.');
  return result(payment.id);
}
