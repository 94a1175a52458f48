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
});
