import request from 'supertest';
import { hubSignature } from '../../../sandbox/billing-hub-subscriptions';
import { subscribedTenant } from '../../../test/support/billing';
import { eventually } from '../../../test/support/eventually';
import { auth } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();

const state = async (key: string) => (await request(platform.url).get('/billing/state').set(auth(key))).body;
const checkout = (key: string, plan: string) => request(platform.url).post('/billing/checkout').set(auth(key)).send({ plan }).expect(200);
/** What the provider sends: the payment id, form-encoded, nothing else; anyone can send it. */
const notify = (id: string) => request(platform.url).post('/billing/webhook/payment-provider').type('form').send({ id });
const postHub = (body: string, signature?: string) => {
  const req = request(platform.url).post('/billing/webhook/subscription-hub').set('Content-Type', 'application/json');
  return (signature ? req.set('Hub-Signature', signature) : req).send(body);
};

describe('hub webhook', () => {
  let tenant: { key: string; tenantId: string };
  beforeAll(async () => {
    tenant = await subscribedTenant(platform, 'starter');
  });
  const lapse = () => JSON.stringify({ id: 'hev_forged', type: 'subscription.lapsed', data: { external_id: tenant.tenantId } });
  const secret = () => platform.sandbox.hub.webhookSecret;
  const now = () => Math.floor(Date.now() / 1000);

  it.each([
    ['missing', () => undefined],
    ['made with another secret', () => hubSignature('another secret of some length', lapse())],
    ['too old (10 minutes)', () => hubSignature(secret(), lapse(), now() - 600)],
    ['from the future (10 minutes)', () => hubSignature(secret(), lapse(), now() + 600)],
    ['over other bytes', () => hubSignature(secret(), `${lapse()} `)],
    ['garbage', () => 'garbage'],
  ])('when the signature is %s, then 401 in text and nothing is applied', async (_label, signature) => {
    const res = await postHub(lapse(), signature());
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect((await state(tenant.key)).status).toBe('active');
  });

  it('when an event comes twice, or is of a type billing does not handle, then 200 and it is applied at most once', async () => {
    const t = await subscribedTenant(platform, 'starter');
    const failed = JSON.stringify({
      id: 'hev_twice',
      type: 'subscription.payment_failed',
      data: { external_id: t.tenantId, fix_until: '2099-01-01T00:00:00.000Z' },
    });
    expect((await postHub(failed, hubSignature(secret(), failed))).status).toBe(200);
    await platform.sandbox.hub.endPeriod(t.tenantId, 'payment_recovered');
    const replay = await postHub(failed, hubSignature(secret(), failed));
    expect(replay.status).toBe(200);
    expect(replay.text).toBe('already applied');
    expect((await state(t.key)).status).toBe('active');
    const other = JSON.stringify({ id: 'hev_other', type: 'invoice.created', data: { external_id: t.tenantId } });
    expect((await postHub(other, hubSignature(secret(), other))).status).toBe(200);
  });
});

describe('payment provider webhook', () => {
  /** A payment made on the provider account by someone other than billing, with metadata of their choosing. */
  async function foreignPayment(metadata: Record<string, string>) {
    const { url, apiKey } = platform.sandbox.provider;
    const created = await request(url)
      .post('/v2/payments')
      .set('Authorization', `Bearer ${apiKey}`)
      .send({
        amount: { currency: 'EUR', value: '0.01' },
        description: 'not a Mailplane checkout',
        redirectUrl: 'https://example.com/',
        metadata,
      })
      .expect(201);
    await platform.sandbox.provider.complete(created.body.id, 'paid');
    return created.body.id as string;
  }
  const checkoutIdOf = (paymentId: string) =>
    (platform.sandbox.provider.payments().find((p) => p.id === paymentId)!.metadata as { checkoutId: string }).checkoutId;

  it('when the same notification comes again, or names a payment of nobody, then 200 and nothing changes', async () => {
    const { key } = await platform.newTenant();
    const opened = (await checkout(key, 'growth')).body;
    await platform.sandbox.provider.complete(opened.paymentId, 'paid');
    await eventually(async () => (await state(key)).hasSubscription, 'the subscription');
    const granted = await state(key);
    const replay = await notify(opened.paymentId);
    expect(replay.status).toBe(200);
    expect(replay.headers['content-type']).toMatch(/^text\/plain/);
    expect(await state(key)).toEqual(granted);
    expect((await notify('tr_unknown123')).status).toBe(200);
  });

  it("when another tenant's payment is notified, then only the tenant who paid is granted", async () => {
    const payer = await platform.newTenant();
    const bystander = await platform.newTenant();
    const paid = (await checkout(payer.key, 'starter')).body;
    await checkout(bystander.key, 'starter');
    await platform.sandbox.provider.complete(paid.paymentId, 'paid');
    expect((await notify(paid.paymentId)).status).toBe(200);
    await eventually(async () => (await state(payer.key)).hasSubscription, 'the subscription');
    expect(await state(bystander.key)).toMatchObject({ hasSubscription: false, status: 'none' });
  });

  it.each([
    ['names a checkout of another tenant', (victim: string, other: string) => ({ tenantId: other })],
    ['names a checkout that recorded its own payment', (victim: string) => ({ tenantId: victim })],
  ])('when a paid payment billing did not create %s, then 200, attributable to nobody, nothing granted', async (_label, owner) => {
    const victim = await platform.newTenant();
    const other = await platform.newTenant();
    const opened = (await checkout(victim.key, 'scale')).body;
    const forged = await foreignPayment({ ...owner(victim.tenantId, other.tenantId), checkoutId: checkoutIdOf(opened.paymentId) });
    const res = await notify(forged);
    expect(res.status).toBe(200);
    expect(res.text).toBe('attributable to nobody');
    for (const { key } of [victim, other]) expect(await state(key)).toMatchObject({ hasSubscription: false, status: 'none' });
  });

  it("when a paid payment names another tenant's upgrade, then 200, attributable to nobody", async () => {
    const t = await subscribedTenant(platform, 'starter');
    const other = await platform.newTenant();
    const forged = await foreignPayment({ tenantId: other.tenantId, upgradeId: `upg_${t.tenantId}_1_growth_100` });
    const res = await notify(forged);
    expect(res.status).toBe(200);
    expect(res.text).toBe('attributable to nobody');
    expect(await state(t.key)).toMatchObject({ plan: 'starter' });
  });
});
