import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { subscribedTenant } from '../../../test/support/billing';
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
});
