import request from 'supertest';
import { manualClock } from '@mailplane/runtime';
import { adminCommand } from '../../../platform/admin-cli';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { freshEmail, PASSWORD } from '../../../test/support/members';
import { ADMIN_MAX_FAILURES, clientKey } from '../src/domain/admin-throttle';
import { sharedLoneGateway } from './support/lone-gateway';

const ADMIN_TOKEN = 'admin-token-0123456789abcdef';

describe('failed admin tokens are throttled per client address', () => {
  // From now: the gateway's store forgets a count whose window ended on the wall clock.
  const clock = manualClock(new Date());
  const lone = sharedLoneGateway({ ADMIN_TOKEN }, clock);

  const listTenants = (token: string) => request(lone.gateway.url).get('/admin/tenants').set('Authorization', `Bearer ${token}`);

  it('when an address fails the admin token 10 times, then every admin request from it is 429 with Retry-After, the right token included, until the minute is over', async () => {
    for (let i = 0; i < ADMIN_MAX_FAILURES; i++) expectProblem(await listTenants(`wrong-${i}`), 401, 'unauthorized', 'listTenants');

    const throttled = await listTenants(`wrong-again`);
    expectProblem(throttled, 429, 'rate_limited', 'listTenants');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    expectProblem(await listTenants(ADMIN_TOKEN), 429, 'rate_limited', 'listTenants');
    const create = await request(lone.gateway.url).post('/admin/tenants').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({ name: 'x' });
    expectProblem(create, 429, 'rate_limited', 'createTenant');

    clock.advance(60_000);
    expectContract(await listTenants(ADMIN_TOKEN).expect(200), 'listTenants');
  });

  it('when addresses are counted, then IPv4-mapped IPv6 is its IPv4 address and IPv6 counts by its /64', () => {
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:1:2::1')).toBe(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
  });
});

describe('ADMIN_PORT: the admin surface on a listener of its own', () => {
  const lone = sharedLoneGateway({ ADMIN_TOKEN, ADMIN_PORT: '0' });

  it('when ADMIN_PORT is set, then /admin/... is a 404 on the API port, even with the right token', async () => {
    const res = await request(lone.gateway.url).get('/admin/tenants').set('Authorization', `Bearer ${ADMIN_TOKEN}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'route_not_found' });
    const post = await request(lone.gateway.url).post('/admin/tenants').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({ name: 'x' });
    expect(post.status).toBe(404);
  });

  it('when the admin CLI points at the admin listener, then it works there, and the listener serves nothing else', async () => {
    const adminUrl = lone.gateway.adminUrl!;
    expect(new URL(adminUrl).port).not.toBe(new URL(lone.gateway.url).port);
    const out = await adminCommand(['create-tenant', 'Behind ADMIN_PORT'], { ADMIN_TOKEN, MAILPLANE_URL: adminUrl });
    const key = /API key \(shown once\): (\S+)/.exec(out)?.[1];
    await request(lone.gateway.url).get('/api-keys').set('Authorization', `Bearer ${key}`).expect(200);
    expect((await request(adminUrl).get('/api-keys').set('Authorization', `Bearer ${key}`)).status).toBe(404);
  });
});

describe('the admin CLI keeps passwords off the command line', () => {
  const lone = sharedLoneGateway({ ADMIN_TOKEN });

  it('when the CLI is given no password, or one on the command line, then it refuses and adds nobody', async () => {
    const created = await request(lone.gateway.url)
      .post('/admin/tenants')
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .send({ name: 'x' });
    expectContract(created, 'createTenant');
    const env = { ADMIN_TOKEN, MAILPLANE_URL: lone.gateway.url };
    const email = freshEmail('argv');
    await expect(adminCommand(['create-owner', created.body.tenantId, email, 'Nobody'], env)).rejects.toThrow(/OWNER_PASSWORD or stdin/);
    await expect(adminCommand(['create-owner', created.body.tenantId, email, 'Nobody', PASSWORD], env)).rejects.toThrow(/usage/);
    const signIn = () => request(lone.gateway.url).post('/sessions').send({ email, password: PASSWORD });
    expectProblem(await signIn(), 401, 'unauthorized', 'createSession');
    // The address is still free: given the password the way it asks, the CLI adds the owner, who then signs in.
    await adminCommand(['create-owner', created.body.tenantId, email, 'Somebody'], { ...env, OWNER_PASSWORD: PASSWORD });
    expect((await signIn()).status).toBe(201);
  });
});
