import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { startPaymentProvider, type PaymentProvider } from '../../sandbox/payment-provider';

export const PROVIDER_API_KEY = 'test_sandboxkey1234567890';

/**
 * The sandbox payment provider for one test file, with a webhook receiver of its own, and the calls its tests make:
 * registers the file's hooks. `received` is what the receiver got, `answers` the statuses it answers with in turn
 * (200 once they run out); both are emptied before each test, as the provider's behaviour is reset.
 */
export function paymentProviderFixture() {
  let provider: PaymentProvider;
  let receiver: Server;
  let webhookUrl: string;
  const received: { body: string; headers: IncomingHttpHeaders }[] = [];
  const answers: number[] = [];

  beforeAll(async () => {
    receiver = createServer(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      received.push({ body, headers: req.headers });
      res.writeHead(answers.shift() ?? 200).end();
    }).listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/billing/webhook`;
    provider = await startPaymentProvider({ apiKey: PROVIDER_API_KEY, webhookRetryMs: [20, 40, 80] });
  });
  afterAll(async () => {
    await provider.stop();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  });
  beforeEach(() => {
    received.length = 0;
    answers.length = 0;
    provider.behaviour.reset();
  });

  const get = (path: string) => request(provider.url).get(path).set('Authorization', `Bearer ${PROVIDER_API_KEY}`);
  const del = (path: string) => request(provider.url).delete(path).set('Authorization', `Bearer ${PROVIDER_API_KEY}`);
  const post = (path: string, body: object) =>
    request(provider.url).post(path).set('Authorization', `Bearer ${PROVIDER_API_KEY}`).send(body);
  const customer = async () => (await post('/v2/customers', { name: 'Ana', email: 'ana@example.org' }).expect(201)).body.id as string;
  const payment = (body: object) => post('/v2/payments', { amount: { currency: 'EUR', value: '15.00' }, webhookUrl, ...body });
  const firstPayment = (customerId: string, extra: object = {}) =>
    payment({
      description: 'Starter plan',
      sequenceType: 'first',
      customerId,
      redirectUrl: 'https://app.example/billing/return',
      ...extra,
    });
  const recurring = (customerId: string, extra: object = {}) =>
    payment({ description: 'Starter, May', sequenceType: 'recurring', customerId, ...extra });
  return {
    get provider() {
      return provider;
    },
    get webhookUrl() {
      return webhookUrl;
    },
    received,
    answers,
    get,
    post,
    del,
    customer,
    firstPayment,
    recurring,
    /** A customer with a valid mandate, from a paid first payment. */
    async mandated() {
      const customerId = await customer();
      const { body } = await firstPayment(customerId, { webhookUrl: undefined }).expect(201);
      await provider.complete(body.id, 'paid');
      return { customerId, mandateId: (await get(`/v2/payments/${body.id}`)).body.mandateId as string };
    },
    /** The id of a first payment paid. */
    async paid() {
      const { body } = await firstPayment(await customer()).expect(201);
      await provider.complete(body.id, 'paid');
      return body.id as string;
    },
    refund(paymentId: string, value: string, idempotencyKey?: string) {
      const req = post(`/v2/payments/${paymentId}/refunds`, { amount: { currency: 'EUR', value }, description: 'Not entitled' });
      return idempotencyKey ? req.set('Idempotency-Key', idempotencyKey) : req;
    },
    async waitFor(check: () => boolean, what: string) {
      for (const deadline = Date.now() + 3000; !check(); await new Promise((r) => setTimeout(r, 10))) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      }
    },
  };
}
