import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.stop());

const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

describe('API keys', () => {
  it('when keys are stored, then only hashes reach the disk', async () => {
    const { key } = await platform.newTenant();
    const created = await request(platform.url).post('/api-keys').set(auth(key)).send({ name: 'hashed' });
    const dir = path.join(platform.dataDir, 'gateway');
    const onDisk = readdirSync(dir)
      .map((f) => readFileSync(path.join(dir, f), 'utf8'))
      .join('\n');
    expect(onDisk).toContain(created.body.id);
    expect(onDisk).not.toContain(created.body.key.slice(-43));
    expect(onDisk).not.toContain(key.slice(-43));
  });

  it('when a sending-only key is used, then it may send but not manage keys', async () => {
    const { key } = await platform.newTenant();
    const sending = await request(platform.url).post('/api-keys').set(auth(key)).send({ name: 'app', permission: 'sending' });
    expect(sending.body.permission).toBe('sending');
    const res = await request(platform.url).get('/api-keys').set(auth(sending.body.key));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('restricted_api_key');
  });
});

describe('tenant isolation', () => {
  it("when a tenant revokes another tenant's key, then 404 and the key still works", async () => {
    const { key } = await platform.newTenant();
    const other = await platform.newTenant('Other');
    const list = await request(platform.url).get('/api-keys').set(auth(other.key));
    const otherKeyId = list.body.data[0].id;
    const res = await request(platform.url).delete(`/api-keys/${otherKeyId}`).set(auth(key));
    expectProblem(res, 404, 'not_found', 'revokeApiKey');
    await request(platform.url).get('/api-keys').set(auth(other.key)).expect(200);
  });
});
