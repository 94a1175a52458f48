import { AppError } from '@mailplane/contracts';
import type { CheckoutRecord } from '../data-access/checkouts-repo';
import type { ProviderPayment } from '../data-access/provider';
import type { BillingDeps } from './deps';
import { changeSubscription, entitles } from './entitlement';
import { addMonth } from './money';
import { settleUpgradePayment } from './upgrade';
import { syncToHub } from './hub-sync';

export type WebhookOutcome = { status: 200 | 400 | 500 | 503; text: string };

const FINAL_UNPAID = new Set(['failed', 'canceled', 'expired']);

/** The payment id of a notification: `id=tr_…` form-encoded, or JSON `{ "id": … }`. */
export function paymentIdOf(raw: Buffer, contentType: string | null): string | null {
  const text = raw.toString('utf8');
  let id: unknown;
  if (contentType?.toLowerCase().startsWith('application/json')) {
    try {
      id = (JSON.parse(text) as { id?: unknown }).id;
    } catch {
      return null;
    }
  } else {
    id = new URLSearchParams(text).get('id');
  }
  return typeof id === 'string' && /^tr_[A-Za-z0-9]+$/.test(id) ? id : null;
}

/**
 * A payment notification. Its body is never trusted: the payment is fetched again with our own key. A
 * paid checkout grants its plan once; a replay, a payment of nobody, or an open payment changes nothing.
 */
export async function handlePaymentNotification(deps: BillingDeps, paymentId: string | null): Promise<WebhookOutcome> {
  if (!paymentId) return { status: 400, text: 'no payment id' };
  if (!deps.provider || !deps.hub) return { status: 503, text: 'billing is not configured' };
  let payment: ProviderPayment | null;
  try {
    payment = await deps.provider.payment(paymentId);
  } catch (err) {
    deps.logger.warn('payment could not be fetched from the provider', { paymentId, err });
    return { status: 503, text: 'payment provider unreachable' };
  }
  if (!payment) return { status: 200, text: 'unknown payment' };
  const upgradeId = payment.metadata?.upgradeId;
  if (upgradeId) return settleUpgradeNotification(deps, upgradeId, payment);
  const checkout =
    (await deps.checkouts.byPayment(payment.id)) ??
    (payment.metadata?.checkoutId ? await deps.checkouts.byId(payment.metadata.checkoutId) : null);
  if (!checkout) return { status: 200, text: 'attributable to nobody' };
  if (checkout.status !== 'open') return { status: 200, text: 'already applied' };
  if (payment.status === 'paid') {
    await grant(deps, checkout, payment);
    return { status: 200, text: 'applied' };
  }
  if (FINAL_UNPAID.has(payment.status)) {
    await deps.checkouts.settle(checkout._id, 'closed', payment.id);
    return { status: 200, text: 'closed' };
  }
  return { status: 200, text: 'nothing to apply yet' };
}

/** An upgrade charge that settled after its request had answered (or died). */
async function settleUpgradeNotification(deps: BillingDeps, upgradeId: string, payment: ProviderPayment): Promise<WebhookOutcome> {
  const record = await deps.upgrades.byId(upgradeId);
  if (!record || record.tenantId !== payment.metadata?.tenantId) return { status: 200, text: 'attributable to nobody' };
  if (record.status !== 'open') return { status: 200, text: 'already applied' };
  try {
    return await settleUpgradePayment(deps, record, payment, () => ({ status: 200 as const, text: 'applied' }));
  } catch (err) {
    if (err instanceof AppError && err.code !== 'internal')
      return { status: 200, text: err.code === 'payment_declined' ? 'closed' : 'nothing to apply yet' };
    throw err;
  }
}

/** The entitling subscription starts when the payment was made and runs one calendar month. */
async function grant(deps: BillingDeps, checkout: CheckoutRecord, payment: ProviderPayment): Promise<void> {
  for (;;) {
    const account = await deps.accounts.ensure(checkout.tenantId, deps.clock.now());
    const current = account.subscription;
    if (current?.sourcePaymentId === payment.id) break; // applied before a crash; only the checkout is left
    if (entitles(current)) {
      // A second checkout paid while the first already entitled: nothing is granted twice.
      deps.logger.error('second paid checkout for an entitled tenant; refund it by hand', {
        tenantId: checkout.tenantId,
        paymentId: payment.id,
      });
      break;
    }
    const start = payment.paidAt ? new Date(payment.paidAt) : deps.clock.now();
    const applied = await changeSubscription(deps, account, {
      plan: checkout.plan,
      status: 'active',
      priceCents: checkout.priceCents,
      currency: checkout.currency,
      monthlyEmailQuota: checkout.monthlyEmailQuota,
      mandateId: payment.mandateId,
      periodStart: start,
      periodEnd: addMonth(start),
      cancelAtPeriodEnd: false,
      sourcePaymentId: payment.id,
      hubSynced: false,
      scheduledPlan: null,
      fixUntil: null,
    });
    if (applied) break;
  }
  await deps.checkouts.settle(checkout._id, 'applied', payment.id);
  await syncToHub(deps, checkout.tenantId).catch((err) =>
    deps.logger.warn('subscription not yet known to the hub', { tenantId: checkout.tenantId, err }),
  );
}
