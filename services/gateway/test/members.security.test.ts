import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { mailedLink } from '../../../test/support/member-links';
import { bearer, freshEmail, newMember, newOwner, PASSWORD, signIn } from '../../../test/support/members';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();

describe('members and sessions', () => {
  it('when a member is removed, then every session of theirs is refused on the next request', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const dev = await newMember(platform, owner.token, 'developer');
    const otherSession = (await request(platform.url).post('/sessions').send({ email: dev.email, password: PASSWORD })).body.token;
    expect((await request(platform.url).get('/identities').set(bearer(dev.token))).status).toBe(200);
    await request(platform.url).delete(`/members/${dev.id}`).set(bearer(owner.token)).expect(204);
    for (const token of [dev.token, otherSession]) {
      expectProblem(await request(platform.url).get('/identities').set(bearer(token)), 401, 'unauthorized', 'listIdentities');
    }
    expectProblem(
      await request(platform.url).post('/sessions').send({ email: dev.email, password: PASSWORD }),
      401,
      'unauthorized',
      'createSession',
    );
  });

  it("when a member of one tenant names another tenant's member, then 404 and nothing of the other tenant is read or changed", async () => {
    const a = await platform.newTenant();
    const b = await platform.newTenant();
    const ownerA = await newOwner(platform, a.tenantId);
    const ownerB = await newOwner(platform, b.tenantId);
    const devB = await newMember(platform, ownerB.token, 'developer');
    const patch = await request(platform.url).patch(`/members/${devB.id}`).set(bearer(ownerA.token)).send({ role: 'viewer' });
    expectProblem(patch, 404, 'not_found', 'updateMember');
    expectProblem(await request(platform.url).delete(`/members/${devB.id}`).set(bearer(ownerA.token)), 404, 'not_found', 'removeMember');
    const listA = await request(platform.url).get('/members').set(bearer(ownerA.token));
    expect(listA.body.data.map((m: { id: string }) => m.id)).toEqual([ownerA.id]);
    expect((await request(platform.url).get('/api-keys').set(bearer(ownerA.token))).text).not.toContain(b.tenantId);
    const still = await request(platform.url).get('/members').set(bearer(devB.token));
    expect(still.body.data.find((m: { id: string }) => m.id === devB.id)).toMatchObject({ role: 'developer' });
  });

  it('when a full API key tries to add a member, then 401 restricted_api_key and no member exists', async () => {
    const { key, tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const res = await request(platform.url)
      .post('/members')
      .set(bearer(key))
      .send({ email: 'minted@team.example', name: 'Minted', role: 'owner', password: PASSWORD });
    expectProblem(res, 401, 'restricted_api_key', 'createMember');
    expect((await request(platform.url).get('/members').set(bearer(owner.token))).body.data).toHaveLength(1);
  });

  it('when members and sessions are stored, then neither a password nor a session token reaches the disk', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const dir = path.join(platform.dataDir, 'gateway');
    const onDisk = readdirSync(dir)
      .map((f) => readFileSync(path.join(dir, f), 'latin1'))
      .join('\n');
    expect(onDisk).toContain(owner.id);
    expect(onDisk).not.toContain(PASSWORD);
    expect(onDisk).not.toContain(owner.token.slice(-43));
  });
});

describe('a member added directly holds the address only in its own tenant', () => {
  const addMember = (by: string, email: string, role = 'developer', password = PASSWORD) =>
    request(platform.url).post('/members').set(bearer(by)).send({ email, name: 'Added', role, password });

  it("when another tenant adds someone's address, then that person's invitation elsewhere is made and accepted, and they sign in there", async () => {
    const squatter = await newOwner(platform, (await platform.newTenant()).tenantId);
    const email = freshEmail('victim');
    expect((await addMember(squatter.token, email, 'developer', 'the squatter chose this')).status).toBe(201);
    const owner = await newOwner(platform, (await platform.newTenant('Real')).tenantId);
    const invited = await request(platform.url).post('/invitations').set(bearer(owner.token)).send({ email, role: 'viewer' });
    expect(invited.status).toBe(201);
    const { token } = await mailedLink(platform, email, /invited to a team/, '/accept-invitation');
    const accepted = await request(platform.url).post('/invitations/accept').send({ token, name: 'Vic', password: PASSWORD });
    expect(accepted.status).toBe(201);
    const me = await request(platform.url)
      .get('/me')
      .set(bearer(await signIn(platform, email)));
    expect(me.body).toMatchObject({ type: 'member', role: 'viewer', tenantName: 'Real' });
    // The address is proven now: the squatter's password signs nobody in.
    const squatted = await request(platform.url).post('/sessions').send({ email, password: 'the squatter chose this' });
    expectProblem(squatted, 401, 'unauthorized', 'createSession');
  });

  it('when an address is a member of another tenant, then adding it answers as for a fresh address; only the same tenant is a 409', async () => {
    const elsewhere = await newOwner(platform, (await platform.newTenant()).tenantId);
    const added = freshEmail('added');
    await addMember(elsewhere.token, added).expect(201);
    const owner = await newOwner(platform, (await platform.newTenant()).tenantId);
    for (const email of [added, elsewhere.email, freshEmail('fresh')]) {
      const res = await addMember(owner.token, email.toUpperCase());
      expect([email, res.status]).toEqual([email, 201]);
      expectContract(res, 'createMember');
    }
    expectProblem(await addMember(owner.token, added), 409, 'already_exists', 'createMember');
    // Each tenant's directly added member signs in with the password its own tenant set.
    const both = freshEmail('both');
    await addMember(elsewhere.token, both, 'developer', 'first tenant password').expect(201);
    await addMember(owner.token, both, 'viewer', 'second tenant password').expect(201);
    const first = await request(platform.url)
      .get('/me')
      .set(bearer(await signIn(platform, both, 'first tenant password')));
    const second = await request(platform.url)
      .get('/me')
      .set(bearer(await signIn(platform, both, 'second tenant password')));
    expect([first.body.role, second.body.role]).toEqual(['developer', 'viewer']);
  });

  it('when an admin adds or makes a billing member, then 403 forbidden: no member gets what its maker lacks', async () => {
    const owner = await newOwner(platform, (await platform.newTenant()).tenantId);
    const admin = await newMember(platform, owner.token, 'admin');
    expectProblem(await addMember(admin.token, freshEmail('billing'), 'billing'), 403, 'forbidden', 'createMember');
    const viewer = await newMember(platform, owner.token, 'viewer');
    const raised = await request(platform.url).patch(`/members/${viewer.id}`).set(bearer(admin.token)).send({ role: 'billing' });
    expectProblem(raised, 403, 'forbidden', 'updateMember');
    const invited = await request(platform.url)
      .post('/invitations')
      .set(bearer(admin.token))
      .send({ email: freshEmail('b'), role: 'billing' });
    expectProblem(invited, 403, 'forbidden', 'createInvitation');
    expect((await addMember(admin.token, freshEmail('dev'), 'developer')).status).toBe(201);
  });
});
