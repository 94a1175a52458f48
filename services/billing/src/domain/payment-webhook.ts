import type { CheckoutRecord } from '../data-access/checkouts-repo';
import type { ProviderPayment } from '../data-access/provider';
import type { BillingDeps } from './deps';
import { grantCheckout } from './grant';
import { settleUpgradePayment } from './upgrade';
import { configuredProvider, unavailable } from './upstream';

/** What a payment notification did; every one of them is acknowledged to the provider. */
export type PaymentNotificationOutcome = 'applied' | 'closed' | 'pending' | 'already_applied' | 'unattributed' | 'unknown_payment';

const FINAL_UNPAID = new Set(['failed', 'canceled', 'expired']);

/**
 * A payment notification. Its body is never trusted: the payment is fetched again with our own key. A
 * paid checkout grants its plan once; a replay, a payment of nobody, or an open payment changes nothing.
 */
export async function handlePaymentNotification(deps: BillingDeps, paymentId: string): Promise<PaymentNotificationOutcome> {
  const provider = configuredProvider(deps);
  let payment: ProviderPayment | null;
  try {
    payment = await provider.payment(paymentId);
  } catch (err) {
    deps.logger.warn('payment could not be fetched from the provider', { paymentId, err });
    throw unavailable(err);
  }
  if (!payment) return 'unknown_payment';
  const upgradeId = payment.metadata?.upgradeId;
  if (upgradeId) return settleUpgradeNotification(deps, upgradeId, payment);
  const checkout = (await deps.checkouts.byPayment(payment.id)) ?? (await checkoutNamedBy(deps, payment));
  if (!checkout) return 'unattributed';
  if (checkout.status !== 'open') return 'already_applied';
  if (payment.status === 'paid') {
    await grantCheckout(deps, checkout, payment);
    return 'applied';
  }
  if (FINAL_UNPAID.has(payment.status)) {
    await deps.checkouts.settle(checkout, 'closed', payment.id);
    return 'closed';
  }
  return 'pending';
}

/**
 * The checkout a payment's metadata names, for a payment created just before a crash kept the checkout
 * from recording it. A checkout that recorded another payment, or of another tenant, is not this one's.
 */
async function checkoutNamedBy(deps: BillingDeps, payment: ProviderPayment): Promise<CheckoutRecord | null> {
  const { tenantId, checkoutId } = payment.metadata ?? {};
  if (!tenantId || !checkoutId) return null;
  const checkout = await deps.checkouts.byId(tenantId, checkoutId);
  return checkout?.paymentId === null ? checkout : null;
}

/** An upgrade charge that settled after its request had answered (or died). */
async function settleUpgradeNotification(
  deps: BillingDeps,
  upgradeId: string,
  payment: ProviderPayment,
): Promise<PaymentNotificationOutcome> {
  const tenantId = payment.metadata?.tenantId;
  const record = tenantId ? await deps.upgrades.byId(tenantId, upgradeId) : null;
  if (!record) return 'unattributed';
  if (record.status !== 'open' || String(record.attempt) !== payment.metadata?.attempt) return 'already_applied';
  const charge = await settleUpgradePayment(deps, record, payment);
  return charge === 'applied' ? 'applied' : charge === 'declined' ? 'closed' : 'pending';
}
