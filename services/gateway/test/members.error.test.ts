import http from 'node:http';
import { manualClock } from '@mailplane/runtime';
import request from 'supertest';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { bearer, freshEmail, newMember, newOwner, PASSWORD, signIn } from '../../../test/support/members';
import { sharedPlatform } from '../../../test/support/platform';

const clock = manualClock(new Date());
const platform = sharedPlatform({}, clock);

/** POST /sessions from a chosen loopback address, so that tests can be different clients. */
function signInFrom(
  localAddress: string,
  email: string,
  password: string,
): Promise<{ status: number; body: Record<string, unknown>; retryAfter?: string }> {
  const url = new URL('/sessions', platform.url);
  const body = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), retryAfter: res.headers['retry-after'] as string }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('members and sessions', () => {
  it('when the address is unknown or the password wrong, then one and the same 401', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const wrong = await request(platform.url).post('/sessions').send({ email: owner.email, password: 'not the password at all' });
    const unknown = await request(platform.url)
      .post('/sessions')
      .send({ email: freshEmail('nobody'), password: PASSWORD });
    expectProblem(wrong, 401, 'unauthorized', 'createSession');
    expectProblem(unknown, 401, 'unauthorized', 'createSession');
    expect(wrong.body.detail).toBe(unknown.body.detail);
  });

  it('when an account failed 10 times from one address, then that address is refused 429 even with the right password for every account, and the owner from an address without failures signs in', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    for (let i = 0; i < 10; i++) expect((await signInFrom('127.0.0.2', owner.email, `wrong password ${i}`)).status).toBe(401);
    const refused = await signInFrom('127.0.0.2', owner.email, PASSWORD);
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 429, code: 'rate_limited' });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // Strangers' failures never lock the owner out: an address without failures of its own on the account signs in.
    expect((await signInFrom('127.0.0.3', owner.email, PASSWORD)).status).toBe(201);
    // The guessing client is refused for every account; a clean one signs in to another.
    const other = await newMember(platform, owner.token, 'viewer');
    expect((await signInFrom('127.0.0.2', other.email, PASSWORD)).status).toBe(429);
    expect((await signInFrom('127.0.0.4', other.email, PASSWORD)).status).toBe(201);
    clock.advance(15 * 60_000 + 1000);
    expect((await signInFrom('127.0.0.2', owner.email, PASSWORD)).status).toBe(201);
  });

  it('when a session is past its 12 hours, then it is refused', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    clock.advance(12 * 3600_000 + 1000);
    expectProblem(await request(platform.url).get('/me').set(bearer(owner.token)), 401, 'unauthorized', 'getMe');
  });

  it('when an admin adds, changes or removes an owner, or makes one, then 403 forbidden and nothing changes', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const admin = await newMember(platform, owner.token, 'admin');
    const dev = await newMember(platform, owner.token, 'developer');
    const add = await request(platform.url)
      .post('/members')
      .set(bearer(admin.token))
      .send({ email: freshEmail(), name: 'O', role: 'owner' });
    expectProblem(add, 403, 'forbidden', 'createMember');
    expectProblem(
      await request(platform.url).patch(`/members/${owner.id}`).set(bearer(admin.token)).send({ name: 'X' }),
      403,
      'forbidden',
      'updateMember',
    );
    expectProblem(
      await request(platform.url).patch(`/members/${dev.id}`).set(bearer(admin.token)).send({ role: 'owner' }),
      403,
      'forbidden',
      'updateMember',
    );
    expectProblem(await request(platform.url).delete(`/members/${owner.id}`).set(bearer(admin.token)), 403, 'forbidden', 'removeMember');
    const list = (await request(platform.url).get('/members').set(bearer(owner.token))).body.data;
    // Made at one instant of the test's clock: their order is not the point.
    expect(list.map((m: { role: string; name: string }) => [m.role, m.name]).sort()).toEqual([
      ['admin', 'A admin'],
      ['developer', 'A developer'],
      ['owner', 'Olive Owner'],
    ]);
  });

  it('when the last owner would be removed or demoted, then 409 last_owner; with a second owner, it can be', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const admin = await newMember(platform, owner.token, 'admin');
    expectProblem(await request(platform.url).delete(`/members/${owner.id}`).set(bearer(owner.token)), 409, 'last_owner', 'removeMember');
    const second = await newMember(platform, owner.token, 'owner');
    const demoted = await request(platform.url).patch(`/members/${owner.id}`).set(bearer(second.token)).send({ role: 'admin' });
    expect(demoted.status).toBe(200);
    expectContract(demoted, 'updateMember');
    expectProblem(
      await request(platform.url).patch(`/members/${second.id}`).set(bearer(owner.token)).send({ role: 'viewer' }),
      403,
      'forbidden',
      'updateMember',
    );
    expectProblem(await request(platform.url).delete(`/members/${second.id}`).set(bearer(second.token)), 409, 'last_owner', 'removeMember');
    expect((await request(platform.url).get('/me').set(bearer(admin.token))).body.role).toBe('admin');
  });

  it('when a member changes their own role, then 403 forbidden; their own name they may change', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const admin = await newMember(platform, owner.token, 'admin');
    expectProblem(
      await request(platform.url).patch(`/members/${admin.id}`).set(bearer(admin.token)).send({ role: 'owner' }),
      403,
      'forbidden',
      'updateMember',
    );
    expectProblem(
      await request(platform.url).patch(`/members/${owner.id}`).set(bearer(owner.token)).send({ role: 'admin' }),
      403,
      'forbidden',
      'updateMember',
    );
    expect((await request(platform.url).patch(`/members/${admin.id}`).set(bearer(admin.token)).send({ name: 'Ada' })).body.name).toBe(
      'Ada',
    );
  });

  it('when an address is taken or the input is bad, then a clear problem and no member', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const taken = await request(platform.url)
      .post('/members')
      .set(bearer(owner.token))
      .send({ email: owner.email.toUpperCase(), name: 'Twin', role: 'viewer' });
    expectProblem(taken, 409, 'already_exists', 'createMember');
    const short = await request(platform.url)
      .post('/members')
      .set(bearer(owner.token))
      .send({ email: freshEmail(), name: 'S', role: 'viewer', password: 'short' });
    expectProblem(short, 400, 'validation_failed', 'createMember');
    expect(JSON.stringify(short.body.errors)).toContain('/body/password');
    const role = await request(platform.url)
      .post('/members')
      .set(bearer(owner.token))
      .send({ email: freshEmail(), name: 'R', role: 'root' });
    expectProblem(role, 400, 'validation_failed', 'createMember');
    expectProblem(
      await request(platform.url).patch(`/members/${owner.id}`).set(bearer(owner.token)).send({}),
      400,
      'validation_failed',
      'updateMember',
    );
    expect((await request(platform.url).get('/members').set(bearer(owner.token))).body.data).toHaveLength(1);
  });
});

describe('sessions that are over, and members without a password', () => {
  it('when a member signed out, then that session is refused 401 and another of theirs is not', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const second = await signIn(platform, owner.email);
    await request(platform.url).delete('/sessions/current').set(bearer(owner.token)).expect(204);
    expectProblem(await request(platform.url).get('/me').set(bearer(owner.token)), 401, 'unauthorized', 'getMe');
    expect((await request(platform.url).get('/me').set(bearer(second))).status).toBe(200);
  });

  it('when a member added without a password signs in, then 401', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const email = freshEmail('nopass');
    await request(platform.url).post('/members').set(bearer(owner.token)).send({ email, name: 'No Pass', role: 'viewer' }).expect(201);
    expect((await request(platform.url).post('/sessions').send({ email, password: PASSWORD })).status).toBe(401);
  });
});
