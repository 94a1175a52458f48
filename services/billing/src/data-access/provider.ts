import { randomUUID } from 'node:crypto';
import axios, { isAxiosError } from 'axios';
import { retryOnReset } from './retry-on-reset';
import { upstreamError } from './upstream-error';

export interface ProviderPayment {
  id: string;
  status: 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';
  amount: { currency: string; value: string };
  metadata: Record<string, string> | null;
  sequenceType: 'oneoff' | 'first' | 'recurring';
  customerId: string | null;
  mandateId: string | null;
  paidAt?: string;
  expiresAt?: string;
  /** The hosted checkout of a `first` payment (the provider's `_links.checkout.href`). */
  checkoutUrl: string | null;
}

type PaymentBody = Omit<ProviderPayment, 'checkoutUrl'> & { _links: { checkout?: { href: string } } };
const fromBody = ({ _links, ...payment }: PaymentBody): ProviderPayment => ({ ...payment, checkoutUrl: _links.checkout?.href ?? null });

/** The provider refused the request as unprocessable (Mollie's 422), e.g. a charge on a mandate that cannot be charged. */
export class ChargeRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChargeRefusedError';
  }
}

export interface ProviderMethod {
  id: string;
  description: string;
  image?: { svg?: string };
}

export interface NewPayment {
  amount: { currency: string; value: string };
  description: string;
  redirectUrl?: string;
  webhookUrl: string;
  metadata: Record<string, string>;
  sequenceType: 'first' | 'recurring';
  customerId: string;
  method?: string;
}

/** A refund as the provider keeps it; `failed` and `canceled` ones gave nothing back. */
export interface ProviderRefund {
  id: string;
  status: 'queued' | 'pending' | 'processing' | 'refunded' | 'failed' | 'canceled';
  amount: { currency: string; value: string };
}

export interface Provider {
  createCustomer(input: { name: string; email?: string; metadata: Record<string, string> }): Promise<{ id: string }>;
  createPayment(input: NewPayment, idempotencyKey?: string): Promise<ProviderPayment>;
  payment(id: string): Promise<ProviderPayment | null>;
  /** Cancels a payment that can still be canceled; `not_cancelable` once it is paid, pending or final. */
  cancelPayment(id: string): Promise<'canceled' | 'not_cancelable'>;
  refunds(paymentId: string): Promise<ProviderRefund[]>;
  refund(
    paymentId: string,
    amount: { currency: string; value: string },
    description: string,
    idempotencyKey: string,
  ): Promise<ProviderRefund>;
  firstPaymentMethods(amount: { currency: string; value: string }): Promise<ProviderMethod[]>;
}

/** The payment provider's API, Mollie v2 style. Every POST carries an Idempotency-Key, so a retried call never pays twice. */
export function createProviderClient(provider: { url: string; apiKey: string }, timeoutMs: number): Provider {
  const client = axios.create({
    baseURL: `${provider.url}/v2`,
    timeout: timeoutMs,
    headers: { authorization: `Bearer ${provider.apiKey}` },
  });
  retryOnReset(client);
  // Callers see an UpstreamError, or a ChargeRefusedError for a payment the provider would not create.
  client.interceptors.response.use(undefined, (err) =>
    Promise.reject(isAxiosError(err) && err.response?.status === 422 ? new ChargeRefusedError(err.message) : upstreamError(err)),
  );
  const post = async <T>(path: string, body: object, key: string = randomUUID()) =>
    (await client.post<T>(path, body, { headers: { 'idempotency-key': key } })).data;
  return {
    createCustomer: (input) => post('/customers', input),
    createPayment: async (input, idempotencyKey) => fromBody(await post<PaymentBody>('/payments', input, idempotencyKey)),
    async payment(id) {
      const res = await client.get<PaymentBody>(`/payments/${encodeURIComponent(id)}`, {
        validateStatus: (s) => s === 200 || s === 404,
      });
      return res.status === 404 ? null : fromBody(res.data);
    },
    async cancelPayment(id) {
      try {
        await client.delete(`/payments/${encodeURIComponent(id)}`);
        return 'canceled';
      } catch (err) {
        if (err instanceof ChargeRefusedError) return 'not_cancelable';
        throw err;
      }
    },
    async refunds(paymentId) {
      const path = `/payments/${encodeURIComponent(paymentId)}/refunds`;
      return (await client.get<{ _embedded: { refunds: ProviderRefund[] } }>(path)).data._embedded.refunds;
    },
    refund: (paymentId, amount, description, key) =>
      post<ProviderRefund>(`/payments/${encodeURIComponent(paymentId)}/refunds`, { amount, description }, key),
    async firstPaymentMethods(amount) {
      const query = new URLSearchParams({ sequenceType: 'first', 'amount[value]': amount.value, 'amount[currency]': amount.currency });
      return (await client.get<{ _embedded: { methods: ProviderMethod[] } }>(`/methods?${query}`)).data._embedded.methods;
    },
  };
}
