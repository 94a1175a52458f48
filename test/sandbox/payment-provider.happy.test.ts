import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { startPaymentProvider, type PaymentProvider } from '../../sandbox/payment-provider';

const API_KEY = 'test_sandboxkey1234567890';

describe('sandbox payment provider (Mollie v2 stand-in)', () => {
  let provider: PaymentProvider;
  let receiver: Server;
  let webhookUrl: string;
  /** What the webhook receiver got, and the statuses it answers with in turn (200 once these run out). */
  let received: { body: string; headers: IncomingHttpHeaders }[];
  let answers: number[];

  beforeAll(async () => {
    receiver = createServer(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      received.push({ body, headers: req.headers });
      res.writeHead(answers.shift() ?? 200).end();
    }).listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/billing/webhook`;
    provider = await startPaymentProvider({ apiKey: API_KEY, webhookRetryMs: [20, 40, 80] });
  });
  afterAll(async () => {
    await provider.stop();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  });
  beforeEach(() => {
    received = [];
    answers = [];
    provider.behaviour.reset();
  });

  const get = (path: string) => request(provider.url).get(path).set('Authorization', `Bearer ${API_KEY}`);
  const post = (path: string, body: object) => request(provider.url).post(path).set('Authorization', `Bearer ${API_KEY}`).send(body);
  const customer = async () => (await post('/v2/customers', { name: 'Ana', email: 'ana@example.org' }).expect(201)).body.id as string;
  const firstPayment = (customerId: string, extra: object = {}) =>
    post('/v2/payments', {
      amount: { currency: 'EUR', value: '15.00' },
      description: 'Starter plan',
      sequenceType: 'first',
      customerId,
      redirectUrl: 'https://app.example/billing/return',
      webhookUrl,
      ...extra,
    });
  const recurring = (customerId: string, extra: object = {}) =>
    post('/v2/payments', {
      amount: { currency: 'EUR', value: '15.00' },
      description: 'Starter, May',
      sequenceType: 'recurring',
      customerId,
      webhookUrl,
      ...extra,
    });
  /** A customer with a valid mandate, from a paid first payment. */
  const mandated = async () => {
    const customerId = await customer();
    const { body } = await firstPayment(customerId, { webhookUrl: undefined }).expect(201);
    await provider.complete(body.id, 'paid');
    return { customerId, mandateId: (await get(`/v2/payments/${body.id}`)).body.mandateId as string };
  };
  const waitFor = async (check: () => boolean, what: string) => {
    for (const deadline = Date.now() + 3000; !check(); await new Promise((r) => setTimeout(r, 10))) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    }
  };

  it('when the API key is missing or wrong, then 401 in Mollie error style', async () => {
    for (const auth of [undefined, 'Bearer live_other', API_KEY]) {
      const req = request(provider.url).get('/v2/methods');
      const res = await (auth ? req.set('Authorization', auth) : req);
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toBe('application/hal+json');
      expect(res.body).toEqual({ status: 401, title: 'Unauthorized Request', detail: 'Missing authentication, or failed to authenticate' });
    }
  });

  it('when a customer is created, then 201 with a cst_ id and the given fields', async () => {
    const res = await post('/v2/customers', { name: 'Ana', email: 'ana@example.org', metadata: { tenantId: 't1' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      resource: 'customer',
      id: expect.stringMatching(/^cst_[A-Za-z0-9]{10}$/),
      mode: 'test',
      name: 'Ana',
      email: 'ana@example.org',
      metadata: { tenantId: 't1' },
      createdAt: expect.any(String),
    });
  });

  it('when a first payment is created, then it is open with a checkout link that expires in 15 minutes', async () => {
    const customerId = await customer();
    const res = await firstPayment(customerId, { metadata: { plan: 'starter' } });
    expect(res.status).toBe(201);
    const { id } = res.body;
    expect(id).toMatch(/^tr_[A-Za-z0-9]{10}$/);
    expect(res.body).toMatchObject({
      resource: 'payment',
      mode: 'test',
      status: 'open',
      amount: { currency: 'EUR', value: '15.00' },
      description: 'Starter plan',
      method: null,
      metadata: { plan: 'starter' },
      sequenceType: 'first',
      customerId,
      mandateId: null,
      redirectUrl: 'https://app.example/billing/return',
      webhookUrl,
      _links: {
        self: { href: `${provider.url}/v2/payments/${id}`, type: 'application/hal+json' },
        checkout: { href: `${provider.url}/checkout/${id}`, type: 'text/html' },
      },
    });
    expect(Date.parse(res.body.expiresAt) - Date.parse(res.body.createdAt)).toBe(15 * 60 * 1000);
    expect((await get(`/v2/payments/${id}`)).body).toEqual(res.body);
    expect(provider.payments().at(-1)).toEqual(res.body);
  });

  it('when the customer opens the checkout and pays, then the payment settles and the browser is sent back with 303', async () => {
    const { body: payment } = await firstPayment(await customer(), { description: 'Plan <Growth> & more' }).expect(201);
    const page = await request(payment._links.checkout.href).get('');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<title>Sandbox checkout</title>');
    expect(page.text).toContain('EUR 15.00');
    expect(page.text).toContain('Plan &#60;Growth&#62; &#38; more');
    for (const status of ['paid', 'failed', 'canceled', 'expired']) expect(page.text).toContain(`name="status" value="${status}"`);

    const paid = await request(provider.url).post(`/checkout/${payment.id}`).type('form').send({ status: 'paid' });
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe('https://app.example/billing/return');
    // The webhook was answered before the redirect, as complete() resolves after the first call.
    expect(received.map((r) => r.body)).toEqual([`id=${payment.id}`]);
    const settled = (await get(`/v2/payments/${payment.id}`)).body;
    expect(settled).toMatchObject({ status: 'paid', paidAt: expect.any(String), mandateId: expect.stringMatching(/^mdt_/) });
    expect(settled._links.checkout).toBeUndefined();
    expect((await request(provider.url).post(`/checkout/${payment.id}`).type('form').send({ status: 'failed' })).status).toBe(409);
    expect((await request(provider.url).get(`/checkout/${payment.id}`)).status).toBe(409);
  });

  it('when a first payment is completed as paid, then a mandate is created and the webhook gets the id form-encoded', async () => {
    const customerId = await customer();
    const { body: payment } = await firstPayment(customerId, { method: 'ideal' }).expect(201);
    await provider.complete(payment.id, 'paid');
    expect(received).toHaveLength(1);
    expect(received[0].body).toBe(`id=${payment.id}`);
    expect(received[0].headers).toMatchObject({
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'Mollie HTTP client/1.0',
    });
    expect(provider.webhookCalls().filter((c) => c.paymentId === payment.id)).toEqual([
      { paymentId: payment.id, status: 200, at: expect.any(Number), final: true },
    ]);
    const { mandateId } = (await get(`/v2/payments/${payment.id}`)).body;
    expect(mandateId).toMatch(/^mdt_[A-Za-z0-9]{10}$/);
    await expect(provider.complete(payment.id, 'failed')).rejects.toThrow(/only an open payment/);
    await expect(provider.complete('tr_missing000', 'paid')).rejects.toThrow(/No payment exists/);
  });

  it('when the webhook receiver answers 500, then the call is retried until it answers 200', async () => {
    answers = [500, 503];
    const { body: payment } = await firstPayment(await customer()).expect(201);
    await provider.complete(payment.id, 'failed');
    const calls = () => provider.webhookCalls().filter((c) => c.paymentId === payment.id);
    await waitFor(() => calls().length === 3, 'three webhook calls');
    expect(calls().map((c) => c.status)).toEqual([500, 503, 200]);
    expect(received).toHaveLength(3);
    expect(received.every((r) => r.body === `id=${payment.id}`)).toBe(true);
  });

  it('when the webhook receiver cannot be reached, then every attempt is recorded as null and it gives up after the last delay', async () => {
    const { body: payment } = await firstPayment(await customer(), { webhookUrl: 'http://127.0.0.1:1/unreachable' }).expect(201);
    await provider.complete(payment.id, 'canceled');
    const calls = () => provider.webhookCalls().filter((c) => c.paymentId === payment.id);
    await waitFor(() => calls().some((c) => c.final), 'the provider to give up');
    expect(calls().map((c) => c.status)).toEqual([null, null, null, null]);
    expect(calls().map((c) => c.final)).toEqual([false, false, false, true]);
  });

  it('when a recurring payment is made against a mandate, then it is paid at once and its webhook follows', async () => {
    const { customerId, mandateId } = await mandated();
    const res = await recurring(customerId, { mandateId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'paid', sequenceType: 'recurring', mandateId, paidAt: expect.any(String), redirectUrl: null });
    expect(res.body.expiresAt).toBeUndefined();
    expect(res.body._links.checkout).toBeUndefined();
    await waitFor(() => received.some((r) => r.body === `id=${res.body.id}`), 'the recurring webhook');
    // Without a mandateId, any valid mandate of the customer is used.
    expect((await recurring(customerId).expect(201)).body).toMatchObject({ status: 'paid', mandateId });
  });

  it('when a recurring decline is queued, then the next recurring payment fails for insufficient funds and the one after is paid', async () => {
    const { customerId } = await mandated();
    provider.behaviour.declineNextRecurring();
    const declined = (await recurring(customerId).expect(201)).body;
    expect(declined).toMatchObject({ status: 'failed', failedAt: expect.any(String), details: { failureReason: 'insufficient_funds' } });
    expect(declined.paidAt).toBeUndefined();
    expect((await recurring(customerId).expect(201)).body.status).toBe('paid');
  });

  it('when a recurring payment has no usable mandate, then 422 "No suitable mandates found for customer"', async () => {
    const other = await mandated();
    const bare = await customer();
    for (const res of [await recurring(bare), await recurring(bare, { mandateId: other.mandateId })]) {
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ status: 422, title: 'Unprocessable Entity', detail: 'No suitable mandates found for customer' });
    }
  });

  it.each([
    ['a numeric amount', { amount: { currency: 'EUR', value: 15 } }, 'amount.value'],
    ['one decimal', { amount: { currency: 'EUR', value: '15.0' } }, 'amount.value'],
    ['a lower-case currency', { amount: { currency: 'eur', value: '15.00' } }, 'amount.currency'],
    ['an empty description', { description: '' }, 'description'],
    ['no redirectUrl', { redirectUrl: undefined }, 'redirectUrl'],
    ['a first payment without customer', { customerId: undefined }, 'customerId'],
    ['an unknown customer', { customerId: 'cst_nobody0000' }, 'customerId'],
  ])('when a payment has %s, then 422 naming the field', async (_label, override, field) => {
    const count = provider.payments().length;
    const res = await firstPayment(await customer(), override);
    expect(res.status).toBe(422);
    expect(res.headers['content-type']).toBe('application/hal+json');
    expect(res.body).toMatchObject({ status: 422, title: 'Unprocessable Entity', field, detail: expect.any(String) });
    expect(provider.payments()).toHaveLength(count);
  });

  it('when an Idempotency-Key is reused, then the same body replays the answer and a different body is 400', async () => {
    const customerId = await customer();
    const body = {
      amount: { currency: 'EUR', value: '49.00' },
      description: 'Growth plan',
      sequenceType: 'first',
      customerId,
      redirectUrl: 'https://app.example/r',
    };
    const send = (payload: object) => post('/v2/payments', payload).set('Idempotency-Key', `key-${customerId}`);
    const first = await send(body);
    const again = await send(body);
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(provider.payments().filter((p) => p.customerId === customerId)).toHaveLength(1);
    const changed = await send({ ...body, description: 'Scale plan' });
    expect(changed.status).toBe(400);
    expect(changed.body).toMatchObject({ status: 400, title: 'Bad Request' });
  });

  it('when a request with an Idempotency-Key is still being received, then a second one with the key is 409', async () => {
    const text = JSON.stringify({ amount: { currency: 'EUR', value: '1.00' }, description: 'slow', redirectUrl: 'https://app.example/r' });
    const key = `slow-${Date.now()}`;
    const slow = httpRequest(`${provider.url}/v2/payments`, {
      method: 'POST',
      agent: false,
      headers: {
        Authorization: `Bearer ${API_KEY}`,
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(text),
        'Idempotency-Key': key,
      },
    });
    slow.write(text.slice(0, 10));
    await waitFor(() => provider.idempotencyKeyInProgress(key), 'the slow request to arrive');
    const concurrent = await request(provider.url)
      .post('/v2/payments')
      .set('Authorization', `Bearer ${API_KEY}`)
      .set('Idempotency-Key', key)
      .type('json')
      .send(text);
    expect(concurrent.status).toBe(409);
    slow.end(text.slice(10));
    const [answer] = await once(slow, 'response');
    answer.resume();
    expect(answer.statusCode).toBe(201);
  });

  it.each([
    [
      '15.00 EUR for a first payment',
      '?sequenceType=first&amount[value]=15.00&amount[currency]=EUR',
      ['ideal', 'creditcard', 'bancontact', 'paypal'],
    ],
    ['an amount in USD', '?amount%5Bvalue%5D=15.00&amount%5Bcurrency%5D=USD', ['creditcard', 'paypal']],
    ['9000.00 EUR, above PayPal', '?amount[value]=9000.00&amount[currency]=EUR', ['ideal', 'creditcard', 'bancontact']],
    ['0.01 EUR, below Bancontact', '?amount[value]=0.01&amount[currency]=EUR', ['ideal', 'creditcard', 'paypal']],
    ['20000.00 EUR', '?amount[value]=20000.00&amount[currency]=EUR', ['ideal', 'bancontact']],
    ['recurring', '?sequenceType=recurring&amount[value]=15.00&amount[currency]=EUR', ['creditcard', 'paypal']],
    ['no amount', '', ['ideal', 'creditcard', 'bancontact', 'paypal']],
  ])('when methods are listed for %s, then only the fitting ones come back', async (_label, query, ids) => {
    const res = await get(`/v2/methods${query}`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(ids.length);
    expect(res.body._embedded.methods.map((m: { id: string }) => m.id)).toEqual(ids);
  });

  it('when a method is listed, then it carries limits, images and status', async () => {
    const { body } = await get('/v2/methods?amount[value]=15.00&amount[currency]=EUR');
    expect(body._embedded.methods[0]).toEqual({
      resource: 'method',
      id: 'ideal',
      description: 'iDEAL',
      status: 'activated',
      minimumAmount: { value: '0.01', currency: 'EUR' },
      maximumAmount: { value: '50000.00', currency: 'EUR' },
      image: { size1x: expect.stringMatching(/ideal\.png$/), size2x: expect.any(String), svg: expect.stringMatching(/ideal\.svg$/) },
    });
  });

  it('when the provider is down, then every API call is 503 until it is back', async () => {
    provider.behaviour.setDown(true);
    for (const res of [await get('/v2/methods'), await post('/v2/customers', {}), await request(provider.url).get('/v2/payments/tr_x')]) {
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 503, title: 'Service Unavailable' });
    }
    provider.behaviour.setDown(false);
    expect((await get('/v2/methods')).status).toBe(200);
  });

  it('when an unknown payment is fetched, then 404 naming the token', async () => {
    const res = await get('/v2/payments/tr_unknown123');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 404, title: 'Not Found', detail: 'No payment exists with token tr_unknown123' });
  });
});
