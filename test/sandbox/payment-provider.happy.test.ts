import request from 'supertest';
import { paymentProviderFixture } from '../support/payment-provider';

describe('sandbox payment provider (Mollie v2 stand-in)', () => {
  const fx = paymentProviderFixture();
  const { received, answers, paid, refund, del, get, post, customer, firstPayment, recurring, mandated, waitFor } = fx;

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
      webhookUrl: fx.webhookUrl,
      _links: {
        self: { href: `${fx.provider.url}/v2/payments/${id}`, type: 'application/hal+json' },
        checkout: { href: `${fx.provider.url}/checkout/${id}`, type: 'text/html' },
      },
    });
    expect(Date.parse(res.body.expiresAt) - Date.parse(res.body.createdAt)).toBe(15 * 60 * 1000);
    expect((await get(`/v2/payments/${id}`)).body).toEqual(res.body);
    expect(fx.provider.payments().at(-1)).toEqual(res.body);
  });

  it('when the customer opens the checkout and pays, then the payment settles and the browser is sent back with 303', async () => {
    const { body: payment } = await firstPayment(await customer(), { description: 'Plan <Growth> & more' }).expect(201);
    const page = await request(payment._links.checkout.href).get('');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<title>Sandbox checkout</title>');
    expect(page.text).toContain('EUR 15.00');
    expect(page.text).toContain('Plan &lt;Growth&gt; &amp; more');
    for (const status of ['paid', 'failed', 'canceled', 'expired']) expect(page.text).toContain(`name="status" value="${status}"`);

    const paid = await request(fx.provider.url).post(`/checkout/${payment.id}`).type('form').send({ status: 'paid' });
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe('https://app.example/billing/return');
    // The webhook was answered before the redirect, as complete() resolves after the first call.
    expect(received.map((r) => r.body)).toEqual([`id=${payment.id}`]);
    const settled = (await get(`/v2/payments/${payment.id}`)).body;
    expect(settled).toMatchObject({ status: 'paid', paidAt: expect.any(String), mandateId: expect.stringMatching(/^mdt_/) });
    expect(settled._links.checkout).toBeUndefined();
  });

  it('when a first payment is completed as paid, then a mandate is created and the webhook gets the id form-encoded', async () => {
    const customerId = await customer();
    const { body: payment } = await firstPayment(customerId, { method: 'ideal' }).expect(201);
    await fx.provider.complete(payment.id, 'paid');
    expect(received).toHaveLength(1);
    expect(received[0].body).toBe(`id=${payment.id}`);
    expect(received[0].headers).toMatchObject({
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'Mollie HTTP client/1.0',
    });
    expect(fx.provider.webhookCalls().filter((c) => c.paymentId === payment.id)).toEqual([
      { paymentId: payment.id, status: 200, at: expect.any(Number), final: true },
    ]);
    const { mandateId } = (await get(`/v2/payments/${payment.id}`)).body;
    expect(mandateId).toMatch(/^mdt_[A-Za-z0-9]{10}$/);
    await expect(fx.provider.complete(payment.id, 'failed')).rejects.toThrow(/only an open payment/);
    await expect(fx.provider.complete('tr_missing000', 'paid')).rejects.toThrow(/No payment exists/);
  });

  it('when the webhook receiver answers 500, then the call is retried until it answers 200', async () => {
    answers.push(500, 503);
    const { body: payment } = await firstPayment(await customer()).expect(201);
    await fx.provider.complete(payment.id, 'failed');
    const calls = () => fx.provider.webhookCalls().filter((c) => c.paymentId === payment.id);
    await waitFor(() => calls().length === 3, 'three webhook calls');
    expect(calls().map((c) => c.status)).toEqual([500, 503, 200]);
    expect(received).toHaveLength(3);
    expect(received.every((r) => r.body === `id=${payment.id}`)).toBe(true);
  });

  it('when the webhook receiver cannot be reached, then every attempt is recorded as null and it gives up after the last delay', async () => {
    const { body: payment } = await firstPayment(await customer(), { webhookUrl: 'http://127.0.0.1:1/unreachable' }).expect(201);
    await fx.provider.complete(payment.id, 'canceled');
    const calls = () => fx.provider.webhookCalls().filter((c) => c.paymentId === payment.id);
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
    fx.provider.behaviour.declineNextRecurring();
    const declined = (await recurring(customerId).expect(201)).body;
    expect(declined).toMatchObject({ status: 'failed', failedAt: expect.any(String), details: { failureReason: 'insufficient_funds' } });
    expect(declined.paidAt).toBeUndefined();
    expect((await recurring(customerId).expect(201)).body.status).toBe('paid');
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

  it('when an open payment is canceled, then 200 with the payment canceled, no checkout and no longer cancelable', async () => {
    const { body: payment } = await firstPayment(await customer()).expect(201);
    expect(payment.isCancelable).toBe(true);
    const res = await del(`/v2/payments/${payment.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: payment.id, status: 'canceled', canceledAt: expect.any(String) });
    expect(res.body.isCancelable).toBeUndefined();
    expect(res.body._links.checkout).toBeUndefined();
  });

  it('when a paid payment is refunded, then 201 with a pending re_ refund and the payment shows what remains', async () => {
    const id = await paid();
    const res = await refund(id, '15.00');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      resource: 'refund',
      id: expect.stringMatching(/^re_/),
      status: 'pending',
      amount: { currency: 'EUR', value: '15.00' },
      settlementAmount: { currency: 'EUR', value: '-15.00' },
      paymentId: id,
    });
    expect((await get(`/v2/payments/${id}`)).body).toMatchObject({
      amountRefunded: { value: '15.00' },
      amountRemaining: { value: '0.00' },
    });
    const listed = (await get(`/v2/payments/${id}/refunds`)).body;
    expect(listed).toMatchObject({ count: 1, _embedded: { refunds: [{ id: res.body.id }] } });
  });

  it('when a refund is retried with its Idempotency-Key, then the same refund is answered and nothing more is refunded', async () => {
    const id = await paid();
    const first = await refund(id, '15.00', `refund-${id}`);
    const again = await refund(id, '15.00', `refund-${id}`);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect(fx.provider.refunds().filter((r) => r.paymentId === id)).toHaveLength(1);
  });
});
