import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { sharedPlatform } from '../../../test/support/platform';
import { auth } from '../../../test/support/mail';

const platform = sharedPlatform();

describe('API keys', () => {
  it('when a key is revoked twice, then the second time is a 404', async () => {
    const { key } = await platform.newTenant();
    const second = await request(platform.url).post('/api-keys').set(auth(key)).send({ name: 'twice' });
    await request(platform.url).delete(`/api-keys/${second.body.id}`).set(auth(key)).expect(204);
    const again = await request(platform.url).delete(`/api-keys/${second.body.id}`).set(auth(key));
    expect(again.status).toBe(404);
    expectContract(again, 'revokeApiKey');
  });

  it('when a revoked key is used, then 401', async () => {
    const { key } = await platform.newTenant();
    const second = await request(platform.url).post('/api-keys').set(auth(key)).send({ name: 'temporary' }).expect(201);
    await request(platform.url).get('/api-keys').set(auth(second.body.key)).expect(200);
    await request(platform.url).delete(`/api-keys/${second.body.id}`).set(auth(key)).expect(204);
    const refused = await request(platform.url).get('/api-keys').set(auth(second.body.key));
    expect(refused.status).toBe(401);
    expectContract(refused, 'listApiKeys');
  });
});
