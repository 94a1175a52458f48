import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { sharedPlatform } from '../../../test/support/platform';
import { auth } from '../../../test/support/mail';

const platform = sharedPlatform();

describe('API keys', () => {
  it('when a key is created, then it is shown once in full and works for later calls', async () => {
    const { key } = await platform.newTenant();
    const created = await request(platform.url).post('/api-keys').set(auth(key)).send({ name: 'CI deploys' });
    expect(created.status).toBe(201);
    expectContract(created, 'createApiKey');
    expect(created.body).toMatchObject({ name: 'CI deploys', permission: 'full', lastUsedAt: null });
    expect(created.body.key).toMatch(/^mp_[0-9a-z]{26}_[A-Za-z0-9_-]{43}$/);
    expect(created.body.key.startsWith(created.body.prefix)).toBe(true);

    const listed = await request(platform.url).get('/api-keys').set(auth(created.body.key));
    expect(listed.status).toBe(200);
    expectContract(listed, 'listApiKeys');
    expect(listed.body.data.map((k: { id: string }) => k.id)).toContain(created.body.id);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.key);
  });

  it('when a key is revoked, then it disappears from the list', async () => {
    const { key } = await platform.newTenant();
    const second = await request(platform.url).post('/api-keys').set(auth(key)).send({ name: 'temporary' });
    const revoked = await request(platform.url).delete(`/api-keys/${second.body.id}`).set(auth(key));
    expect(revoked.status).toBe(204);
    expect(revoked.text).toBe('');
    const listed = await request(platform.url).get('/api-keys').set(auth(key));
    expect(listed.body.data.map((k: { id: string }) => k.id)).not.toContain(second.body.id);
  });
});
