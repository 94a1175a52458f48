import { randomUUID } from 'node:crypto';
import axios from 'axios';

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
  _links: { checkout?: { href: string } };
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

export interface Provider {
  createCustomer(input: { name: string; email?: string; metadata: Record<string, string> }): Promise<{ id: string }>;
  createPayment(input: NewPayment, idempotencyKey?: string): Promise<ProviderPayment>;
  payment(id: string): Promise<ProviderPayment | null>;
  firstPaymentMethods(amount: { currency: string; value: string }): Promise<ProviderMethod[]>;
}

/** The payment provider's API, Mollie v2 style. Every POST carries an Idempotency-Key, so a retried call never pays twice. */
export function createProviderClient(provider: { url: string; apiKey: string }, timeoutMs: number): Provider {
  const client = axios.create({
    baseURL: `${provider.url}/v2`,
    timeout: timeoutMs,
    headers: { authorization: `Bearer ${provider.apiKey}` },
  });
  const post = async <T>(path: string, body: object, key: string = randomUUID()) =>
    (await client.post<T>(path, body, { headers: { 'idempotency-key': key } })).data;
  return {
    createCustomer: (input) => post('/customers', input),
    createPayment: (input, idempotencyKey) => post('/payments', input, idempotencyKey),
    async payment(id) {
      const res = await client.get<ProviderPayment>(`/payments/${encodeURIComponent(id)}`, {
        validateStatus: (s) => s === 200 || s === 404,
      });
      return res.status === 404 ? null : res.data;
    },
    async firstPaymentMethods(amount) {
      const query = new URLSearchParams({ sequenceType: 'first', 'amount[value]': amount.value, 'amount[currency]': amount.currency });
      return (await client.get<{ _embedded: { methods: ProviderMethod[] } }>(`/methods?${query}`)).data._embedded.methods;
    },
  };
}
