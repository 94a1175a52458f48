import { ApiError, randomId, timestamp } from './sandbox-http';
import { AMOUNT_VALUE, CURRENCY } from './payment-provider-methods';
import type { Amount, ProviderPayment } from './payment-provider-payments';

/** A refund exactly as the API returns it. It stays `pending`: the sandbox never pays it out. */
export interface ProviderRefund {
  resource: 'refund';
  id: string;
  mode: 'test';
  amount: Amount;
  status: 'queued' | 'pending' | 'processing' | 'refunded' | 'failed' | 'canceled';
  createdAt: string;
  description: string;
  metadata: unknown;
  paymentId: string;
  settlementAmount: Amount;
  _links: { self: { href: string; type: string }; payment: { href: string; type: string } };
}

const cents = (amount: Amount) => Math.round(Number(amount.value) * 100);
const amountOf = (currency: string, value: number): Amount => ({ currency, value: (value / 100).toFixed(2) });

/** `DELETE /v2/payments/{id}`: only while `isCancelable`; Mollie answers 422 otherwise. */
export function cancelPayment(payment: ProviderPayment): ProviderPayment {
  if (!payment.isCancelable) throw new ApiError(422, `The payment ${payment.id} cannot be canceled`);
  payment.status = 'canceled';
  payment.canceledAt = timestamp();
  delete payment.isCancelable;
  delete payment._links.checkout;
  return payment;
}

/** `POST /v2/payments/{id}/refunds`: a paid payment, at most its remaining amount, in its own currency; added to `refunds`. */
export function createRefund(payment: ProviderPayment, body: Record<string, unknown>, refunds: ProviderRefund[]): ProviderRefund {
  const amount = body.amount as Partial<Amount> | undefined;
  if (typeof amount?.value !== 'string' || !AMOUNT_VALUE.test(amount.value) || typeof amount.currency !== 'string')
    throw new ApiError(422, 'The amount is required for refunds', 'amount');
  if (!CURRENCY.test(amount.currency) || amount.currency !== payment.amount.currency)
    throw new ApiError(422, 'The currency must be the same as the payment currency', 'amount.currency');
  if (payment.status !== 'paid' || !payment.amountRemaining)
    throw new ApiError(422, `The payment ${payment.id} is ${payment.status} and cannot be refunded`);
  const value = cents(amount as Amount);
  if (value <= 0 || value > cents(payment.amountRemaining)) throw new ApiError(422, 'The amount is higher than the maximum', 'amount');
  if (body.description !== undefined && (typeof body.description !== 'string' || body.description.length > 140))
    throw new ApiError(422, 'The description must be a string of at most 140 characters', 'description');
  const paymentHref = payment._links.self.href;
  const id = randomId('re_');
  const refund: ProviderRefund = {
    resource: 'refund',
    id,
    mode: 'test',
    amount: amountOf(payment.amount.currency, value),
    status: 'pending',
    createdAt: timestamp(),
    description: (body.description as string | undefined) ?? '',
    metadata: body.metadata ?? null,
    paymentId: payment.id,
    settlementAmount: amountOf(payment.amount.currency, -value),
    _links: {
      self: { href: `${paymentHref}/refunds/${id}`, type: 'application/hal+json' },
      payment: { href: paymentHref, type: 'application/hal+json' },
    },
  };
  refunds.push(refund);
  const refunded = cents(payment.amountRefunded!) + value;
  payment.amountRefunded = amountOf(payment.amount.currency, refunded);
  payment.amountRemaining = amountOf(payment.amount.currency, cents(payment.amount) - refunded);
  payment._links.refunds = { href: `${paymentHref}/refunds`, type: 'application/hal+json' };
  return refund;
}

/** `GET /v2/payments/{id}/refunds`: not paged in the sandbox. */
export function listRefunds(payment: ProviderPayment, refunds: ProviderRefund[]) {
  const href = `${payment._links.self.href}/refunds`;
  const ofPayment = refunds.filter((refund) => refund.paymentId === payment.id);
  return {
    count: ofPayment.length,
    _embedded: { refunds: ofPayment },
    _links: { self: { href, type: 'application/hal+json' }, previous: null, next: null },
  };
}
