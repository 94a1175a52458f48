import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { sharedPlatform } from '../../../test/support/platform';
import { auth } from '../../../test/support/mail';

const platform = sharedPlatform();

describe('GET /me', () => {
  it('when the key is missing or revoked, then 401 and nothing about any tenant', async () => {
    const { key, tenantId } = await platform.newTenant();
    const made = await request(platform.url).post('/api-keys').set(auth(key)).send({ name: 'soon revoked' });
    await request(platform.url).delete(`/api-keys/${made.body.id}`).set(auth(key)).expect(204);
    for (const res of [await request(platform.url).get('/me'), await request(platform.url).get('/me').set(auth(made.body.key))]) {
      expectProblem(res, 401, 'unauthorized', 'getMe');
      expect(res.text).not.toContain(tenantId);
    }
  });

  it('when a sending-only key asks, then 401 restricted_api_key', async () => {
    const { key } = await platform.newTenant();
    const sending = await request(platform.url).post('/api-keys').set(auth(key)).send({ name: 'app', permission: 'sending' });
    expectProblem(await request(platform.url).get('/me').set(auth(sending.body.key)), 401, 'restricted_api_key', 'getMe');
  });
});
