import type { CheckoutRecord } from '../data-access/checkouts-repo';
import type { ProviderPayment } from '../data-access/provider';
import type { BillingDeps } from './deps';
import { settleCheckoutPayment } from './grant';
import { centsOf } from './money';
import { settleUpgradePayment } from './upgrade-settlement';
import { configuredProvider, unavailable } from './upstream';

/** What a payment notification did; every one of them is acknowledged to the provider. */
export type PaymentNotificationOutcome =
  'applied' | 'closed' | 'pending' | 'already_applied' | 'refunded' | 'unattributed' | 'unknown_payment';

const FINAL_UNPAID = new Set(['failed', 'canceled', 'expired']);

/** The body is never trusted: the payment is fetched with our own key. Also the sweeper's and landing page's way to look again. */
export async function handlePaymentNotification(deps: BillingDeps, paymentId: string): Promise<PaymentNotificationOutcome> {
  const provider = configuredProvider(deps);
  let payment: ProviderPayment | null;
  try {
    payment = await provider.payment(paymentId);
  } catch (err) {
    deps.logger.warn('payment could not be fetched from the provider', { paymentId, err });
    throw unavailable(err);
  }
  if (!payment) {
    deps.logger.warn('payment notification for a payment the provider does not know', { paymentId });
    return 'unknown_payment';
  }
  const outcome = await settle(deps, payment);
  const message = outcome === 'applied' ? 'payment confirmed' : outcome === 'closed' ? 'payment failed' : 'payment notification';
  deps.logger.info(message, {
    paymentId: payment.id,
    tenantId: payment.metadata?.tenantId ?? null,
    paymentStatus: payment.status,
    amount: payment.amount,
    outcome,
  });
  return outcome;
}

async function settle(deps: BillingDeps, payment: ProviderPayment): Promise<PaymentNotificationOutcome> {
  const upgradeId = payment.metadata?.upgradeId;
  if (upgradeId) return settleUpgradeNotification(deps, upgradeId, payment);
  const checkout = (await deps.checkouts.byPayment(payment.id)) ?? (await checkoutNamedBy(deps, payment));
  if (!checkout) return 'unattributed';
  if (payment.status === 'paid') return settleCheckoutPayment(deps, checkout, payment);
  if (checkout.status !== 'open') return 'already_applied';
  if (FINAL_UNPAID.has(payment.status)) {
    await deps.checkouts.settle(checkout, 'closed', payment.id);
    return 'closed';
  }
  return 'pending';
}

/** The payment is the tenant's own: on its provider customer, for the amount billing asked. */
async function isTenants(deps: BillingDeps, tenantId: string, payment: ProviderPayment, amountCents: number): Promise<boolean> {
  const account = await deps.accounts.byTenant(tenantId);
  return account?.customerId === payment.customerId && centsOf(payment.amount) === amountCents;
}

/** For a payment created just before a crash kept its checkout from recording it. */
async function checkoutNamedBy(deps: BillingDeps, payment: ProviderPayment): Promise<CheckoutRecord | null> {
  const { tenantId, checkoutId } = payment.metadata ?? {};
  if (!tenantId || !checkoutId) return null;
  const checkout = await deps.checkouts.byId(tenantId, checkoutId);
  if (checkout?.paymentId !== null || !(await isTenants(deps, tenantId, payment, checkout.priceCents))) return null;
  await deps.checkouts.setPayment(tenantId, checkout._id, payment.id);
  return { ...checkout, paymentId: payment.id };
}

/** An upgrade charge that settled after its request had answered (or died). */
async function settleUpgradeNotification(
  deps: BillingDeps,
  upgradeId: string,
  payment: ProviderPayment,
): Promise<PaymentNotificationOutcome> {
  const tenantId = payment.metadata?.tenantId;
  const record = tenantId ? await deps.upgrades.byId(tenantId, upgradeId) : null;
  if (!record || !(await isTenants(deps, record.tenantId, payment, record.amountCents))) return 'unattributed';
  if (payment.status !== 'paid' && record.status !== 'open') return 'already_applied';
  const charge = await settleUpgradePayment(deps, record, payment);
  return charge === 'declined' ? 'closed' : charge === 'processing' ? 'pending' : charge;
}
