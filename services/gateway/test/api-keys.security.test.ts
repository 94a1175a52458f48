import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { newMember, newOwner } from '../../../test/support/members';
import { sharedPlatform } from '../../../test/support/platform';
import { auth } from '../../../test/support/mail';

const platform = sharedPlatform();

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

describe('a key is never broader than whoever made it', () => {
  const newKey = (token: string, body: Record<string, unknown>) => request(platform.url).post('/api-keys').set(auth(token)).send(body);
  const keyIds = async (token: string) =>
    (await request(platform.url).get('/api-keys').set(auth(token))).body.data.map((k: { id: string }) => k.id);

  it.each(['developer', 'admin'] as const)('when the %s asks for a full key, then 403 forbidden and no key', async (role) => {
    const { tenantId, key } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const member = await newMember(platform, owner.token, role);
    const before = await keyIds(key);
    for (const body of [{ name: 'wide' }, { name: 'wide', permission: 'full' }]) {
      const res = await newKey(member.token, body);
      expectProblem(res, 403, 'forbidden', 'createApiKey');
    }
    expect(await keyIds(key)).toEqual(before);
    // What the role may do itself, it may hand to a key: the key is theirs.
    const sending = await newKey(member.token, { name: 'app', permission: 'sending' });
    expect(sending.status).toBe(201);
    expectContract(sending, 'createApiKey');
    expect(sending.body.memberId).toBe(member.id);
  });

  it('when the member who made a key is removed, then the key stops working and is no longer listed', async () => {
    const { tenantId, key } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const developer = await newMember(platform, owner.token, 'developer');
    const made = await newKey(developer.token, { name: 'app', permission: 'sending' });
    const other = await newOwner(platform, tenantId);
    const full = await newKey(other.token, { name: 'ops' });
    expect(full.body).toMatchObject({ permission: 'full', memberId: other.id });
    const child = await newKey(full.body.key, { name: 'ops child', permission: 'sending' });
    expect(child.body.memberId).toBe(other.id);
    await request(platform.url).delete(`/members/${developer.id}`).set(auth(owner.token)).expect(204);
    await request(platform.url).delete(`/members/${other.id}`).set(auth(owner.token)).expect(204);
    for (const gone of [made.body.key, full.body.key, child.body.key]) {
      expectProblem(await request(platform.url).get('/me').set(auth(gone)), 401, 'unauthorized', 'getMe');
    }
    const listed = await keyIds(key);
    for (const gone of [made.body.id, full.body.id, child.body.id]) expect(listed).not.toContain(gone);
  });

  it("when the member's role is lowered, then their key can do no more than the new role", async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const other = await newOwner(platform, tenantId);
    const full = await newKey(other.token, { name: 'ops' });
    await request(platform.url).get('/audit-log').set(auth(full.body.key)).expect(200);
    await request(platform.url).patch(`/members/${other.id}`).set(auth(owner.token)).send({ role: 'developer' }).expect(200);
    expectProblem(await request(platform.url).get('/audit-log').set(auth(full.body.key)), 401, 'restricted_api_key', 'listAuditLog');
    expectProblem(await request(platform.url).get('/billing/state').set(auth(full.body.key)), 401, 'restricted_api_key', 'getBillingState');
    await request(platform.url).get('/api-keys').set(auth(full.body.key)).expect(200);
  });

  it('when a key restricted to a domain makes a key for any domain or another, then 403 key_domain_mismatch and no key', async () => {
    const { key } = await platform.newTenant();
    const scoped = await newKey(key, { name: 'shop ops', domain: 'shop.example.test' });
    expect(scoped.body.memberId).toBeNull();
    const before = await keyIds(key);
    for (const body of [{ name: 'any' }, { name: 'other', domain: 'other.example.test' }, { name: 'sub', domain: 'a.shop.example.test' }]) {
      expectProblem(await newKey(scoped.body.key, body), 403, 'key_domain_mismatch', 'createApiKey');
    }
    expect(await keyIds(key)).toEqual(before);
    const same = await newKey(scoped.body.key, { name: 'shop', permission: 'sending', domain: 'shop.example.test' });
    expect(same.status).toBe(201);
    expect(same.body).toMatchObject({ permission: 'sending', domain: 'shop.example.test' });
  });
});
