import type { CheckoutRecord } from '../data-access/checkouts-repo';
import type { ProviderPayment } from '../data-access/provider';
import type { BillingDeps } from './deps';
import { entitles } from './entitlement';
import { syncToHub } from './hub-sync';
import { addMonth } from './money';
import { requestedChange, settlePaid } from './paid-payment';

/** One calendar month from the payment; refunded when already entitled, so a second checkout paid never keeps the money. */
export async function settleCheckoutPayment(
  deps: BillingDeps,
  checkout: CheckoutRecord,
  payment: ProviderPayment,
): Promise<'applied' | 'already_applied' | 'refunded'> {
  const start = payment.paidAt ? new Date(payment.paidAt) : deps.clock.now();
  const outcome = await settlePaid(deps, {
    tenantId: checkout.tenantId,
    payment,
    source: 'checkout',
    plan: checkout.plan,
    audit: requestedChange(checkout, 'createCheckout', deps.clock.now()),
    appliedBefore: checkout.status === 'applied' && checkout.paymentId === payment.id,
    grant: (account) =>
      entitles(account.subscription)
        ? null
        : {
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
          },
  });
  if (outcome === 'refunded') {
    await deps.checkouts.settle(checkout, 'refunded', payment.id);
    return 'refunded';
  }
  await deps.checkouts.settle(checkout, 'applied', payment.id);
  await syncToHub(deps, checkout.tenantId).catch((err) =>
    deps.logger.warn('subscription not yet known to the hub', { tenantId: checkout.tenantId, err }),
  );
  return outcome === 'granted' ? 'applied' : 'already_applied';
}
