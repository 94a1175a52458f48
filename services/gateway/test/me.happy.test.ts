import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { sharedPlatform } from '../../../test/support/platform';
import { auth } from '../../../test/support/mail';

const platform = sharedPlatform();

describe('GET /me', () => {
  it('when a key asks who it is, then it learns its tenant and its own id, name and permission', async () => {
    const { key, tenantId } = await platform.newTenant('Acme');
    const made = await request(platform.url).post('/api-keys').set(auth(key)).send({ name: 'deploys' });
    const res = await request(platform.url).get('/me').set(auth(made.body.key));
    expect(res.status).toBe(200);
    expectContract(res, 'getMe');
    expect(res.body).toEqual({ tenantId, tenantName: 'Acme', type: 'key', id: made.body.id, name: 'deploys', permission: 'full' });
  });
});
