import request from 'supertest';
import { adminCommand } from '../../../platform/admin-cli';
import { expectContract } from '../../../test/support/contract';
import { bearer, freshEmail, PASSWORD, signIn } from '../../../test/support/members';
import { ADMIN_TOKEN, sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();

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

  it('when the CLI creates an owner with the password from stdin or OWNER_PASSWORD, then the owner signs in, audited as the operator', async () => {
    const { tenantId, key } = await platform.newTenant();
    const env = { ADMIN_TOKEN, MAILPLANE_URL: platform.url };
    const piped = freshEmail('piped');
    const out = await adminCommand(['create-owner', tenantId, piped, 'Piped Owner'], env, undefined, async () => `${PASSWORD}\n`);
    expect(out).toContain(piped);
    expect(
      (
        await request(platform.url)
          .get('/me')
          .set(bearer(await signIn(platform, piped)))
      ).body,
    ).toMatchObject({ role: 'owner', email: piped });
    const fromEnv = freshEmail('env');
    await adminCommand(['create-owner', tenantId, fromEnv, 'Env Owner'], { ...env, OWNER_PASSWORD: PASSWORD });
    await signIn(platform, fromEnv);
    const log = await request(platform.url).get('/audit-log').query({ operationId: 'createOwner' }).set(bearer(key));
    expect(log.body.data.map((r: { actor: { type: string } }) => r.actor.type)).toEqual(['operator', 'operator']);
  });
});
