import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { subscribedTenant } from '../../../test/support/billing';
import { auth } from '../../../test/support/mail';
import { ADMIN_TOKEN, sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();
afterEach(() => platform.sandbox.hub.setDown(false));

const grant = (tenantId: string, body: object) =>
  request(platform.url).post(`/admin/tenants/${tenantId}/grant`).set('Authorization', `Bearer ${ADMIN_TOKEN}`).send(body);

describe('back-office grants, refused', () => {
  it.each([
    ['a priced plan', 'starter', 'plan_not_grantable'],
    ['a plan the hub does not sell', 'platinum', 'unknown_plan'],
  ])('when the operator grants %s, then 422 %s', async (_label, plan, code) => {
    const { tenantId } = await platform.newTenant();
    expectProblem(await grant(tenantId, { plan }), 422, code, 'grantPlan');
  });

  it('when the tenant holds a paid subscription, then 409 already_subscribed and the plan is unchanged', async () => {
    const t = await subscribedTenant(platform, 'starter');
    expectProblem(await grant(t.tenantId, { plan: 'partner' }), 409, 'already_subscribed', 'grantPlan');
  });

  it('when the grant would end in the past, or the body is not a grant, then 400', async () => {
    const { tenantId } = await platform.newTenant();
    expectProblem(await grant(tenantId, { plan: 'partner', until: '2001-01-01T00:00:00Z' }), 400, 'validation_failed', 'grantPlan');
    expectProblem(await grant(tenantId, { plan: 'partner', extra: 1 }), 400, 'validation_failed', 'grantPlan');
  });

  it('when the catalogue cannot be reached, then 503 billing_unavailable', async () => {
    const { tenantId } = await platform.newTenant();
    platform.sandbox.hub.setDown(true);
    expectProblem(await grant(tenantId, { plan: 'partner' }), 503, 'billing_unavailable', 'grantPlan');
  });

  it('when a granted tenant asks to upgrade, downgrade or cancel, then 404 no_subscription', async () => {
    const { tenantId, key } = await platform.newTenant();
    await grant(tenantId, { plan: 'partner' }).expect(200);
    const call = (method: 'post' | 'delete', path: string, body?: object) => request(platform.url)[method](path).set(auth(key)).send(body);
    expectProblem(
      await call('post', '/billing/upgrade', { plan: 'growth', acceptedCents: 0 }),
      404,
      'no_subscription',
      'upgradeSubscription',
    );
    expectProblem(await call('post', '/billing/downgrade', { plan: 'starter' }), 404, 'no_subscription', 'downgradeSubscription');
    expectProblem(await call('delete', '/billing/subscription'), 404, 'no_subscription', 'cancelSubscription');
  });
});
