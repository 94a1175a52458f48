import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import request from 'supertest';
import { paymentProviderFixture, PROVIDER_API_KEY } from '../support/payment-provider';

describe('sandbox payment provider (Mollie v2 stand-in): what it refuses', () => {
  const fx = paymentProviderFixture();
  const { paid, refund, del, get, post, customer, firstPayment, recurring, mandated, waitFor } = fx;

  it('when the API key is missing or wrong, then 401 in Mollie error style', async () => {
    for (const auth of [undefined, 'Bearer live_other', PROVIDER_API_KEY]) {
      const req = request(fx.provider.url).get('/v2/methods');
      const res = await (auth ? req.set('Authorization', auth) : req);
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toBe('application/hal+json');
      expect(res.body).toEqual({ status: 401, title: 'Unauthorized Request', detail: 'Missing authentication, or failed to authenticate' });
    }
  });

  it("when a settled payment's checkout is opened or posted again, then 409", async () => {
    const { body: payment } = await firstPayment(await customer()).expect(201);
    expect((await request(fx.provider.url).post(`/checkout/${payment.id}`).type('form').send({ status: 'paid' })).status).toBe(303);
    expect((await request(fx.provider.url).post(`/checkout/${payment.id}`).type('form').send({ status: 'failed' })).status).toBe(409);
    expect((await request(fx.provider.url).get(`/checkout/${payment.id}`)).status).toBe(409);
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
    const count = fx.provider.payments().length;
    const res = await firstPayment(await customer(), override);
    expect(res.status).toBe(422);
    expect(res.headers['content-type']).toBe('application/hal+json');
    expect(res.body).toMatchObject({ status: 422, title: 'Unprocessable Entity', field, detail: expect.any(String) });
    expect(fx.provider.payments()).toHaveLength(count);
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
    expect(fx.provider.payments().filter((p) => p.customerId === customerId)).toHaveLength(1);
    const changed = await send({ ...body, description: 'Scale plan' });
    expect(changed.status).toBe(400);
    expect(changed.body).toMatchObject({ status: 400, title: 'Bad Request' });
  });

  it('when a request with an Idempotency-Key is still being received, then a second one with the key is 409', async () => {
    const text = JSON.stringify({ amount: { currency: 'EUR', value: '1.00' }, description: 'slow', redirectUrl: 'https://app.example/r' });
    const key = `slow-${Date.now()}`;
    const slow = httpRequest(`${fx.provider.url}/v2/payments`, {
      method: 'POST',
      agent: false,
      headers: {
        Authorization: `Bearer ${PROVIDER_API_KEY}`,
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(text),
        'Idempotency-Key': key,
      },
    });
    slow.write(text.slice(0, 10));
    await waitFor(() => fx.provider.idempotencyKeyInProgress(key), 'the slow request to arrive');
    const concurrent = await request(fx.provider.url)
      .post('/v2/payments')
      .set('Authorization', `Bearer ${PROVIDER_API_KEY}`)
      .set('Idempotency-Key', key)
      .type('json')
      .send(text);
    expect(concurrent.status).toBe(409);
    slow.end(text.slice(10));
    const [answer] = await once(slow, 'response');
    answer.resume();
    expect(answer.statusCode).toBe(201);
  });

  it('when the provider is down, then every API call is 503 until it is back', async () => {
    fx.provider.behaviour.setDown(true);
    for (const res of [
      await get('/v2/methods'),
      await post('/v2/customers', {}),
      await request(fx.provider.url).get('/v2/payments/tr_x'),
    ]) {
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 503, title: 'Service Unavailable' });
    }
    fx.provider.behaviour.setDown(false);
    expect((await get('/v2/methods')).status).toBe(200);
  });

  it('when an unknown payment is fetched, then 404 naming the token', async () => {
    const res = await get('/v2/payments/tr_unknown123');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 404, title: 'Not Found', detail: 'No payment exists with token tr_unknown123' });
  });

  it('when a paid payment is canceled, then 422 and it stays paid', async () => {
    const id = await paid();
    const res = await del(`/v2/payments/${id}`);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ status: 422, title: 'Unprocessable Entity' });
    expect((await get(`/v2/payments/${id}`)).body.status).toBe('paid');
  });

  it('when more than the remaining amount or an unpaid payment is refunded, then 422', async () => {
    const id = await paid();
    expect((await refund(id, '15.01')).status).toBe(422);
    const { body: open } = await firstPayment(await customer()).expect(201);
    expect((await refund(open.id, '15.00')).status).toBe(422);
  });

  it("when a refund's Idempotency-Key is used on another payment's refunds, then 400, as at Mollie", async () => {
    const id = await paid();
    expect((await refund(id, '15.00', `refund-${id}`)).status).toBe(201);
    expect((await refund(await paid(), '15.00', `refund-${id}`)).status).toBe(400);
  });
});
