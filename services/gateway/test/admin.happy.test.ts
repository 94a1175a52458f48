import request from 'supertest';
import { adminCommand } from '../../../platform/admin-cli';
import { expectContract } from '../../../test/support/contract';
import { ADMIN_TOKEN, startTestPlatform, type TestPlatform } from '../../../test/support/platform';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.stop());

describe('back-office', () => {
  it('when an operator creates a tenant, then 201 with its id and a first key that works', async () => {
    const res = await request(platform.url).post('/admin/tenants').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({ name: 'Acme' });
    expect(res.status).toBe(201);
    expectContract(res, 'createTenant');
    expect(res.body.tenantId).toMatch(/^ten_/);
    const keys = await request(platform.url).get('/api-keys').set('Authorization', `Bearer ${res.body.apiKey.key}`);
    expect(keys.status).toBe(200);
    expect(keys.body.data).toHaveLength(1);
  });

  it('when the CLI creates a tenant, then it prints a working key once', async () => {
    const out = await adminCommand(['create-tenant', 'From the CLI'], { ADMIN_TOKEN, MAILPLANE_URL: platform.url });
    const key = /API key \(shown once\): (\S+)/.exec(out)?.[1];
    expect(key).toBeDefined();
    await request(platform.url).get('/api-keys').set('Authorization', `Bearer ${key}`).expect(200);
  });
});
