import { ApiError, randomId, timestamp } from './sandbox-http';
import { AMOUNT_VALUE, CURRENCY, METHOD_IDS } from './payment-provider-methods';

export type PaymentStatus = 'open' | 'paid' | 'failed' | 'canceled' | 'expired';
export type SettledStatus = Exclude<PaymentStatus, 'open'>;
export type SequenceType = 'oneoff' | 'first' | 'recurring';

export interface Amount {
  currency: string;
  value: string;
}

interface Link {
  href: string;
  type: string;
}

/** A payment exactly as the API returns it. */
export interface ProviderPayment {
  resource: 'payment';
  id: string;
  mode: 'test';
  createdAt: string;
  status: PaymentStatus;
  amount: Amount;
  description: string;
  method: string | null;
  metadata: unknown;
  sequenceType: SequenceType;
  customerId: string | null;
  mandateId: string | null;
  redirectUrl: string | null;
  webhookUrl: string | null;
  expiresAt?: string;
  paidAt?: string;
  failedAt?: string;
  canceledAt?: string;
  expiredAt?: string;
  details?: { failureReason: string };
  /** Present, true, while the payment can still be canceled (`DELETE /v2/payments/{id}`); omitted once final. */
  isCancelable?: boolean;
  /** Present once paid: how much was refunded and how much can still be. */
  amountRefunded?: Amount;
  amountRemaining?: Amount;
  _links: { self: Link; checkout?: Link; refunds?: Link };
}

export interface ProviderCustomer {
  resource: 'customer';
  id: string;
  mode: 'test';
  name: string | null;
  email: string | null;
  metadata: unknown;
  createdAt: string;
}

export interface ProviderMandate {
  resource: 'mandate';
  id: string;
  mode: 'test';
  status: 'valid';
  method: string;
  customerId: string;
  createdAt: string;
}

export interface ProviderState {
  url: string;
  customers: Map<string, ProviderCustomer>;
  payments: Map<string, ProviderPayment>;
  mandates: Map<string, ProviderMandate>;
  /** Queued declines for the next recurring charges. */
  declines: number;
}

export const SETTLED_STATUSES: SettledStatus[] = ['paid', 'failed', 'canceled', 'expired'];
const CHECKOUT_TTL_MS = 15 * 60 * 1000;

export function createCustomer(state: ProviderState, body: Record<string, unknown>): ProviderCustomer {
  const name = optionalString(body, 'name');
  const email = optionalString(body, 'email');
  if (email !== null && !/^[^\s@]+@[^\s@]+$/.test(email)) throw new ApiError(422, 'The email address is invalid', 'email');
  const customer: ProviderCustomer = {
    resource: 'customer',
    id: randomId('cst_'),
    mode: 'test',
    name,
    email,
    metadata: body.metadata ?? null,
    createdAt: timestamp(),
  };
  state.customers.set(customer.id, customer);
  return customer;
}

/** Validates and stores a payment; a recurring one is charged against a mandate at once. */
export function createPayment(state: ProviderState, body: Record<string, unknown>): ProviderPayment {
  const amount = validAmount(body.amount);
  const description = optionalString(body, 'description');
  if (!description) throw new ApiError(422, 'The description is required', 'description');
  const sequenceType = (body.sequenceType ?? 'oneoff') as SequenceType;
  if (!['oneoff', 'first', 'recurring'].includes(sequenceType))
    throw new ApiError(422, 'The sequence type must be oneoff, first or recurring', 'sequenceType');
  const redirectUrl = optionalUrl(body, 'redirectUrl');
  if (redirectUrl === null && sequenceType !== 'recurring') throw new ApiError(422, 'The redirect URL is required', 'redirectUrl');
  const webhookUrl = optionalUrl(body, 'webhookUrl');
  const method = optionalString(body, 'method');
  if (method !== null && !METHOD_IDS.includes(method)) throw new ApiError(422, 'The payment method is invalid', 'method');
  const customerId = optionalString(body, 'customerId');
  if (customerId === null && sequenceType !== 'oneoff')
    throw new ApiError(422, `A customer is required for ${sequenceType} payments`, 'customerId');
  if (customerId !== null && !state.customers.has(customerId))
    throw new ApiError(422, `No customer exists with token ${customerId}`, 'customerId');
  const mandate = sequenceType === 'recurring' ? findMandate(state, customerId!, optionalString(body, 'mandateId')) : undefined;

  const now = Date.now();
  const id = randomId('tr_');
  const payment: ProviderPayment = {
    resource: 'payment',
    id,
    mode: 'test',
    createdAt: timestamp(now),
    status: 'open',
    amount,
    description,
    method,
    metadata: body.metadata ?? null,
    sequenceType,
    customerId,
    mandateId: null,
    redirectUrl,
    webhookUrl,
    _links: { self: { href: `${state.url}/v2/payments/${id}`, type: 'application/hal+json' } },
  };
  if (mandate) {
    chargeRecurring(state, payment, mandate);
  } else {
    payment.isCancelable = true;
    payment.expiresAt = timestamp(now + CHECKOUT_TTL_MS);
    payment._links.checkout = { href: `${state.url}/checkout/${id}`, type: 'text/html' };
  }
  state.payments.set(id, payment);
  return payment;
}

/** Moves an open payment to its final status; a paid first payment leaves a mandate for later recurring charges. */
export function settle(state: ProviderState, paymentId: string, status: SettledStatus): ProviderPayment {
  const payment = state.payments.get(paymentId);
  if (!payment) throw new Error(`No payment exists with token ${paymentId}`);
  if (!SETTLED_STATUSES.includes(status)) throw new Error(`Cannot settle a payment as ${String(status)}`);
  if (payment.status !== 'open') throw new Error(`Payment ${paymentId} is ${payment.status}, only an open payment can be completed`);
  payment.status = status;
  payment[`${status}At`] = timestamp();
  // Mollie only offers the checkout while the payment can still be paid.
  delete payment._links.checkout;
  delete payment.isCancelable;
  if (status === 'paid') markPaid(payment);
  if (status === 'paid' && payment.sequenceType === 'first') {
    const mandate: ProviderMandate = {
      resource: 'mandate',
      id: randomId('mdt_'),
      mode: 'test',
      status: 'valid',
      method: payment.method ?? 'creditcard',
      customerId: payment.customerId!,
      createdAt: timestamp(),
    };
    state.mandates.set(mandate.id, mandate);
    payment.mandateId = mandate.id;
  }
  return payment;
}

function chargeRecurring(state: ProviderState, payment: ProviderPayment, mandate: ProviderMandate): void {
  payment.mandateId = mandate.id;
  if (state.declines > 0) {
    state.declines--;
    payment.status = 'failed';
    payment.failedAt = timestamp();
    payment.details = { failureReason: 'insufficient_funds' };
  } else {
    payment.status = 'paid';
    payment.paidAt = timestamp();
    markPaid(payment);
  }
}

function markPaid(payment: ProviderPayment): void {
  payment.amountRefunded = { currency: payment.amount.currency, value: '0.00' };
  payment.amountRemaining = { ...payment.amount };
}

function findMandate(state: ProviderState, customerId: string, mandateId: string | null): ProviderMandate {
  const usable = (mandate: ProviderMandate | undefined) => mandate?.customerId === customerId && mandate.status === 'valid';
  const mandate = mandateId === null ? [...state.mandates.values()].find(usable) : state.mandates.get(mandateId);
  if (!mandate || !usable(mandate))
    throw new ApiError(422, 'No suitable mandates found for customer', mandateId === null ? 'customerId' : 'mandateId');
  return mandate;
}

function validAmount(amount: unknown): Amount {
  if (typeof amount !== 'object' || amount === null) throw new ApiError(422, 'The amount is required for payments', 'amount');
  const { value, currency } = amount as Record<string, unknown>;
  if (typeof value !== 'string' || !AMOUNT_VALUE.test(value))
    throw new ApiError(422, 'The amount value must be a string with exactly two decimals, e.g. "10.00"', 'amount.value');
  if (typeof currency !== 'string' || !CURRENCY.test(currency))
    throw new ApiError(422, 'The amount currency must be a 3-letter ISO 4217 code', 'amount.currency');
  return { currency, value };
}

function optionalString(body: Record<string, unknown>, field: string): string | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new ApiError(422, `The ${field} must be a string`, field);
  return value;
}

function optionalUrl(body: Record<string, unknown>, field: string): string | null {
  const value = optionalString(body, field);
  if (value === null || value === '') return null;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    throw new ApiError(422, `The ${field} is not a valid http(s) URL`, field);
  return value;
}
