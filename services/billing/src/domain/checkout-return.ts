import { AppError } from '@mailplane/contracts';
import type { BillingDeps } from './deps';
import { handlePaymentNotification } from './payment-webhook';

/** What the customer is told on landing: only this checkout's outcome and plan, nothing else of the account. */
export interface CheckoutReturn {
  outcome: 'paid' | 'refunded' | 'processing' | 'not_paid';
  planName: string;
}

const OUTCOMES = { applied: 'paid', refunded: 'refunded', open: 'processing', closed: 'not_paid' } as const;

/** The customer often lands before the provider's notification: an open checkout's payment is looked at now. */
export async function checkoutReturn(deps: BillingDeps, checkoutId: string): Promise<CheckoutReturn> {
  let checkout = await deps.checkouts.byIdForReturnPage(checkoutId);
  if (!checkout) throw new AppError('not_found', 'There is no such checkout.');
  if (checkout.status === 'open' && checkout.paymentId && deps.provider) {
    await handlePaymentNotification(deps, checkout.paymentId).catch((err) =>
      deps.logger.warn('payment not looked up for the return page', { checkoutId, err }),
    );
    checkout = (await deps.checkouts.byIdForReturnPage(checkoutId))!;
  }
  return { outcome: OUTCOMES[checkout.status], planName: checkout.planName };
}
