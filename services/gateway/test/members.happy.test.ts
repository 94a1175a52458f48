import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { bearer, freshEmail, newMember, newOwner, notSignIn, PASSWORD, signIn } from '../../../test/support/members';
import { ADMIN_TOKEN, sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();

const auditOf = async (key: string, targetId: string) =>
  ((await request(platform.url).get('/audit-log').query({ targetId }).set(bearer(key))).body.data as Array<Record<string, unknown>>).filter(
    notSignIn,
  );

describe('members and sessions', () => {
  it('when the operator adds an owner, then the owner signs in and GET /me names them with their role', async () => {
    const { tenantId, key } = await platform.newTenant('Acme');
    const email = freshEmail('owner');
    const made = await request(platform.url)
      .post(`/admin/tenants/${tenantId}/owners`)
      .set(bearer(ADMIN_TOKEN))
      .send({ email, name: 'Olive', password: PASSWORD });
    expect(made.status).toBe(201);
    expectContract(made, 'createOwner');
    const session = await request(platform.url).post('/sessions').send({ email: email.toUpperCase(), password: PASSWORD });
    expect(session.status).toBe(201);
    expectContract(session, 'createSession');
    expect(session.body.member).toEqual(made.body);
    const me = await request(platform.url).get('/me').set(bearer(session.body.token));
    expectContract(me, 'getMe');
    expect(me.body).toEqual({ tenantId, tenantName: 'Acme', type: 'member', id: made.body.id, name: 'Olive', email, role: 'owner' });
    const [record] = await auditOf(key, made.body.id);
    expect(record).toMatchObject({
      operationId: 'createOwner',
      actor: { type: 'operator' },
      changes: { email, role: 'owner', hasPassword: true },
    });
  });

  it('when an owner adds, renames, promotes and removes a member, then each change is listed and audited with its actor, never a password', async () => {
    const { tenantId, key } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const dev = await newMember(platform, owner.token, 'developer');
    const list = await request(platform.url).get('/members').set(bearer(dev.token));
    expectContract(list, 'listMembers');
    expect(list.body.data.map((m: { id: string; role: string }) => [m.id, m.role])).toEqual([
      [owner.id, 'owner'],
      [dev.id, 'developer'],
    ]);
    const changed = await request(platform.url).patch(`/members/${dev.id}`).set(bearer(owner.token)).send({ role: 'admin', name: 'Dee' });
    expect(changed.status).toBe(200);
    expectContract(changed, 'updateMember');
    expect(changed.body).toMatchObject({ id: dev.id, role: 'admin', name: 'Dee' });
    const removed = await request(platform.url).delete(`/members/${dev.id}`).set(bearer(owner.token));
    expect(removed.status).toBe(204);
    expectContract(removed, 'removeMember');
    const records = await auditOf(key, dev.id);
    expect(records.map((r) => r.operationId)).toEqual(['removeMember', 'updateMember', 'createMember']);
    for (const r of records) expect(r.actor).toEqual({ type: 'member', id: owner.id, name: 'Olive Owner' });
    expect(records[1].changes).toEqual({ role: 'admin', name: 'Dee' });
    expect(JSON.stringify(records)).not.toMatch(/battery|scrypt|passwordHash/);
    expect((await request(platform.url).get('/members').set(bearer(owner.token))).body.data).toHaveLength(1);
  });

  it('when a member signs out, then another session of theirs still works', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const second = await signIn(platform, owner.email);
    const out = await request(platform.url).delete('/sessions/current').set(bearer(owner.token));
    expect(out.status).toBe(204);
    expectContract(out, 'deleteCurrentSession');
    expect((await request(platform.url).get('/me').set(bearer(second))).status).toBe(200);
  });

  it('when a member is added without a password, then they are listed', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const email = freshEmail('nopass');
    const made = await request(platform.url).post('/members').set(bearer(owner.token)).send({ email, name: 'No Pass', role: 'viewer' });
    expect(made.status).toBe(201);
    expectContract(made, 'createMember');
    expect(
      (await request(platform.url).get('/members').set(bearer(owner.token))).body.data.map((m: { email: string }) => m.email),
    ).toContain(email);
  });
});
