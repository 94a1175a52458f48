import request from 'supertest';
import { startPaymentProvider, type PaymentProvider } from '../../sandbox/payment-provider';

const API_KEY = 'test_sandboxkey1234567890';

describe('sandbox payment provider: cancel and refunds (Mollie v2 stand-in)', () => {
  let provider: PaymentProvider;
  beforeAll(async () => {
    provider = await startPaymentProvider({ apiKey: API_KEY });
  });
  afterAll(() => provider.stop());

  const as = <T extends request.Test>(req: T) => req.set('Authorization', `Bearer ${API_KEY}`);
  const post = (path: string, body: object, key?: string) => {
    const req = as(request(provider.url).post(path));
    return (key ? req.set('Idempotency-Key', key) : req).send(body);
  };
  const firstPayment = async () => {
    const customerId = (await post('/v2/customers', { name: 'Ana' }).expect(201)).body.id;
    const body = { amount: { currency: 'EUR', value: '15.00' }, description: 'Starter', sequenceType: 'first', customerId };
    return (await post('/v2/payments', { ...body, redirectUrl: 'https://app.example/return' }).expect(201)).body;
  };
  const paid = async () => {
    const payment = await firstPayment();
    await provider.complete(payment.id, 'paid');
    return payment.id as string;
  };
  const refund = (paymentId: string, value: string, key?: string) =>
    post(`/v2/payments/${paymentId}/refunds`, { amount: { currency: 'EUR', value }, description: 'Not entitled' }, key);

  it('when an open payment is canceled, then 200 with the payment canceled, no checkout and no longer cancelable', async () => {
    const payment = await firstPayment();
    expect(payment.isCancelable).toBe(true);
    const res = await as(request(provider.url).delete(`/v2/payments/${payment.id}`));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: payment.id, status: 'canceled', canceledAt: expect.any(String) });
    expect(res.body.isCancelable).toBeUndefined();
    expect(res.body._links.checkout).toBeUndefined();
  });

  it('when a paid payment is canceled, then 422 and it stays paid', async () => {
    const id = await paid();
    const res = await as(request(provider.url).delete(`/v2/payments/${id}`));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ status: 422, title: 'Unprocessable Entity' });
    expect((await as(request(provider.url).get(`/v2/payments/${id}`))).body.status).toBe('paid');
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
    const payment = (await as(request(provider.url).get(`/v2/payments/${id}`))).body;
    expect(payment).toMatchObject({ amountRefunded: { value: '15.00' }, amountRemaining: { value: '0.00' } });
    const listed = (await as(request(provider.url).get(`/v2/payments/${id}/refunds`))).body;
    expect(listed).toMatchObject({ count: 1, _embedded: { refunds: [{ id: res.body.id }] } });
  });

  it('when more than the remaining amount or an unpaid payment is refunded, then 422', async () => {
    const id = await paid();
    expect((await refund(id, '15.01')).status).toBe(422);
    expect((await refund((await firstPayment()).id, '15.00')).status).toBe(422);
  });

  it('when a refund is retried with its Idempotency-Key, then the same refund is answered and nothing more is refunded', async () => {
    const id = await paid();
    const first = await refund(id, '15.00', `refund-${id}`);
    const again = await refund(id, '15.00', `refund-${id}`);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect(provider.refunds().filter((r) => r.paymentId === id)).toHaveLength(1);
    // The same key on another payment's endpoint is refused, as at Mollie.
    const other = await paid();
    expect((await refund(other, '15.00', `refund-${id}`)).status).toBe(400);
  });
});
