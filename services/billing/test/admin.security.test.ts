import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { auth } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();

describe('the billing admin surface takes only the admin token', () => {
  const calls = [
    ['grantPlan', 'post', '/grant', { plan: 'partner' }],
    ['revokeGrant', 'delete', '/grant', undefined],
    ['getTenantBilling', 'get', '/billing', undefined],
  ] as const;

  it.each(calls)(
    "when %s is called without the admin token, with a wrong one or with the tenant's API key, then 401",
    async (op, method, path, body) => {
      const { tenantId, key } = await platform.newTenant();
      for (const credentials of [{}, { Authorization: 'Bearer not-the-admin-token' }, auth(key)]) {
        const res = await request(platform.url)[method](`/admin/tenants/${tenantId}${path}`).set(credentials).send(body);
        expectProblem(res, 401, 'unauthorized', op);
      }
      const state = await request(platform.url).get('/billing/state').set(auth(key));
      expect(state.body).toMatchObject({ plan: 'free', granted: false });
    },
  );
});
