import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { eventually } from '../../../test/support/eventually';
import { auth } from '../../../test/support/mail';
import { ADMIN_TOKEN, sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();

const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };
const grant = (tenantId: string, body: object) => request(platform.url).post(`/admin/tenants/${tenantId}/grant`).set(admin).send(body);
const revoke = (tenantId: string) => request(platform.url).delete(`/admin/tenants/${tenantId}/grant`).set(admin);
const billingOf = (tenantId: string) => request(platform.url).get(`/admin/tenants/${tenantId}/billing`).set(admin);
const state = async (key: string) => {
  const res = await request(platform.url).get('/billing/state').set(auth(key));
  expectContract(res, 'getBillingState');
  return res.body;
};

describe('the granted tier, handed out from the back-office', () => {
  it("when an operator grants a zero-priced plan, then the tenant's quota follows and the state shows it granted, with no payment and no end", async () => {
    const { tenantId, key } = await platform.newTenant();
    const res = await grant(tenantId, { plan: 'partner' });
    expect(res.status).toBe(200);
    expectContract(res, 'grantPlan');
    expect(res.body).toMatchObject({
      plan: 'partner',
      granted: true,
      hasSubscription: false,
      currentPeriodEnd: null,
      monthlyEmailQuota: 50000,
    });
    await eventually(async () => (await state(key)).usage?.limit === 50000, "mail's quota to follow the grant", 15_000);
    expect(platform.sandbox.provider.payments().filter((p) => p.metadata && JSON.stringify(p.metadata).includes(tenantId))).toEqual([]);

    const billing = await billingOf(tenantId);
    expectContract(billing, 'getTenantBilling');
    expect(billing.body.ledger).toMatchObject({ chargedCents: 0, refundedCents: 0, grantedCents: 0, balanced: true });
    expect(billing.body.ledger.entries).toEqual([
      expect.objectContaining({ kind: 'grant', source: 'back-office', plan: 'partner', amountCents: 0, providerId: null }),
    ]);
  });

  it('when a grant has an end, then the state shows it as the period end; when it is taken back, then the tenant is on free again', async () => {
    const { tenantId, key } = await platform.newTenant();
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
    expect((await grant(tenantId, { plan: 'partner', until })).body).toMatchObject({ currentPeriodEnd: until, granted: true });
    const res = await revoke(tenantId);
    expect(res.status).toBe(200);
    expectContract(res, 'revokeGrant');
    expect(res.body).toMatchObject({ plan: 'free', granted: false, currentPeriodEnd: null });
    await eventually(async () => (await state(key)).usage?.limit === 3000, "mail's quota back to free");
    expect((await revoke(tenantId)).status).toBe(200);
  });

  it('when a granted tenant buys a plan, then the payment ends the grant', async () => {
    const { tenantId, key } = await platform.newTenant();
    await grant(tenantId, { plan: 'partner' }).expect(200);
    const opened = await request(platform.url).post('/billing/checkout').set(auth(key)).send({ plan: 'starter' });
    expect([opened.status, opened.body.detail]).toEqual([200, undefined]);
    await platform.sandbox.provider.complete(opened.body.paymentId, 'paid');
    expect(await state(key)).toMatchObject({ plan: 'starter', hasSubscription: true, granted: false });
    expect((await billingOf(tenantId)).body.ledger).toMatchObject({ chargedCents: 1500, grantedCents: 1500, balanced: true });
  });
});
