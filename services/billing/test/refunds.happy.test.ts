import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { eventually } from '../../../test/support/eventually';
import { auth } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();

const state = async (key: string) => (await request(platform.url).get('/billing/state').set(auth(key))).body;
const checkout = async (key: string, plan: string) => {
  const res = await request(platform.url).post('/billing/checkout').set(auth(key)).send({ plan });
  expect(res.status).toBe(200);
  expectContract(res, 'createCheckout');
  return res.body as { paymentId: string; checkoutUrl: string };
};
const provider = () => platform.sandbox.provider;
const paymentOf = (id: string) =>
  provider()
    .payments()
    .find((p) => p.id === id)!;
const refundsOf = (id: string) =>
  provider()
    .refunds()
    .filter((r) => r.paymentId === id);

describe('no money kept without entitlement', () => {
  it('when a tenant opens a second checkout, then the first is canceled at the provider and the second, paid, grants its plan', async () => {
    const { key } = await platform.newTenant();
    const first = await checkout(key, 'starter');
    const second = await checkout(key, 'growth');
    expect(paymentOf(first.paymentId)).toMatchObject({ status: 'canceled' });

    await provider().complete(second.paymentId, 'paid');
    await eventually(async () => (await state(key)).plan === 'growth', 'the second plan');
    expect(refundsOf(second.paymentId)).toEqual([]);
  });

  it('when both checkouts are paid before billing hears of either, then the first notified grants its plan and the other is refunded in full', async () => {
    const { key } = await platform.newTenant();
    const first = await checkout(key, 'starter');
    await provider().complete(first.paymentId, 'paid', { notify: false });
    const second = await checkout(key, 'growth'); // the first is paid: the provider no longer lets it be canceled
    expect(paymentOf(first.paymentId).status).toBe('paid');

    await provider().complete(second.paymentId, 'paid');
    await eventually(async () => (await state(key)).plan === 'growth', 'the second plan');
    await provider().notify(first.paymentId);
    await eventually(() => refundsOf(first.paymentId).length === 1, 'the refund of the first payment');
    expect(refundsOf(first.paymentId)[0]).toMatchObject({ amount: { currency: 'EUR', value: '15.00' } });
    expect(paymentOf(first.paymentId)).toMatchObject({ amountRemaining: { value: '0.00' } });
    expect(await state(key)).toMatchObject({ plan: 'growth', hasSubscription: true });

    // Replays of either notification change nothing and refund nothing more.
    await provider().notify(first.paymentId);
    await provider().notify(second.paymentId);
    expect(refundsOf(first.paymentId)).toHaveLength(1);
    expect(refundsOf(second.paymentId)).toEqual([]);
  });
});
