import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { bearer, newMember, newOwner, PASSWORD } from '../../../test/support/members';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.stop());

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
