import request from 'supertest';
import { operations } from '@mailplane/contracts';
import { adminCommand } from '../../../platform/admin-cli';
import { expectProblem } from '../../../test/support/contract';
import { startTestPlatform, sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();
let revokedKey: string;
let liveKey: string;

beforeAll(async () => {
  const { key } = await platform.newTenant();
  liveKey = key;
  const extra = await request(platform.url).post('/api-keys').set('Authorization', `Bearer ${key}`).send({ name: 'to revoke' });
  revokedKey = extra.body.key;
  await request(platform.url).delete(`/api-keys/${extra.body.id}`).set('Authorization', `Bearer ${key}`).expect(204);
});

const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'x_123');
const bearerRoutes = operations.filter((op) => op.security === 'bearer');

const badCredentials: Array<[string, (() => string) | null]> = [
  ['no Authorization header', null],
  ['a non-Bearer scheme', () => `Basic ${Buffer.from('a:b').toString('base64')}`],
  ['a malformed key', () => 'Bearer not-a-key'],
  ['an unknown key', () => `Bearer mp_${'0'.repeat(26)}_${'A'.repeat(43)}`],
  ['a right id with a wrong secret', () => `Bearer ${liveKey.slice(0, -43)}${'B'.repeat(43)}`],
  ['a revoked key', () => `Bearer ${revokedKey}`],
];

describe.each(bearerRoutes.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))('%s', (_name, op) => {
  it.each(badCredentials)('when called with %s, then 401 problem and nothing forwarded', async (_label, header) => {
    const req = request(platform.url)[op.method as 'get'](concrete(op.path));
    if (header) req.set('Authorization', header());
    const res = await req.send(op.method === 'get' || op.method === 'delete' ? undefined : {});
    expectProblem(res, 401, 'unauthorized', op.operationId);
  });
});

describe('admin surface', () => {
  it('when the admin token is wrong or missing, then 401', async () => {
    const none = await request(platform.url).post('/admin/tenants').send({ name: 'x' });
    expectProblem(none, 401, 'unauthorized', 'createTenant');
    const wrong = await request(platform.url).post('/admin/tenants').set('Authorization', `Bearer ${liveKey}`).send({ name: 'x' });
    expectProblem(wrong, 401, 'unauthorized', 'createTenant');
  });

  it('when no ADMIN_TOKEN is configured, then the admin surface refuses everyone', async () => {
    const closed = await startTestPlatform({ ADMIN_TOKEN: '' });
    try {
      const res = await request(closed.url).post('/admin/tenants').set('Authorization', 'Bearer ').send({ name: 'x' });
      expectProblem(res, 401, 'unauthorized', 'createTenant');
    } finally {
      await closed.stop();
    }
  });

  it('when the CLI has a wrong token, then it fails with the status', async () => {
    await expect(
      adminCommand(['create-tenant', 'x'], { ADMIN_TOKEN: 'wrong-token-wrong-token', MAILPLANE_URL: platform.url }),
    ).rejects.toThrow(/401/);
  });
});
