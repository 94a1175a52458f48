import type { CheckoutRecord } from '../data-access/checkouts-repo';
import type { ProviderPayment } from '../data-access/provider';
import type { BillingDeps } from './deps';
import { changeSubscription, entitles } from './entitlement';
import { syncToHub } from './hub-sync';
import { addMonth } from './money';

/** A paid checkout's subscription: it starts when the payment was made and runs one calendar month. */
export async function grantCheckout(deps: BillingDeps, checkout: CheckoutRecord, payment: ProviderPayment): Promise<void> {
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
  await deps.checkouts.settle(checkout, 'applied', payment.id);
  await syncToHub(deps, checkout.tenantId).catch((err) =>
    deps.logger.warn('subscription not yet known to the hub', { tenantId: checkout.tenantId, err }),
  );
}
