import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request, { type Response } from 'supertest';
import { createLogger } from '@mailplane/runtime';
import { openKeyBox } from '@mailplane/secrets';
import { expectProblem } from '../../../test/support/contract';
import { auth, tenantWithDomain, sendEmail } from '../../../test/support/mail';
import { bearer, newMember, newOwner } from '../../../test/support/members';
import { removeDir, startTestPlatform, sharedPlatform } from '../../../test/support/platform';
import type { IdentityRecord } from '../src/data-access/identities-repo';
import { mailStoreOf } from '../../../test/support/travelling-platform';

type Tenant = Awaited<ReturnType<typeof tenantWithDomain>>;

describe('DKIM rotation across tenants and restricted keys', () => {
  const platform = sharedPlatform();
  let owner: Tenant;
  let stranger: Tenant;
  beforeAll(async () => {
    [owner, stranger] = [await tenantWithDomain(platform), await tenantWithDomain(platform)];
  });

  const identityOf = async (t: Tenant) =>
    (await request(platform.url).get(`/identities/${t.identity.id}`).set(auth(t.key)).expect(200)).body;

  it("when another tenant rotates, reads or sets the algorithms of a tenant's identity, then 404 and nothing changes", async () => {
    const before = await identityOf(owner);
    const id = owner.identity.id;
    expectProblem(
      await request(platform.url).post(`/identities/${id}/dkim/rotate`).set(auth(stranger.key)),
      404,
      'not_found',
      'rotateDkimKey',
    );
    expectProblem(await request(platform.url).get(`/identities/${id}`).set(auth(stranger.key)), 404, 'not_found', 'getIdentity');
    const patched = await request(platform.url)
      .patch(`/identities/${id}`)
      .set(auth(stranger.key))
      .send({ dkimAlgorithms: ['rsa-sha256', 'ed25519-sha256'] });
    expectProblem(patched, 404, 'not_found', 'updateIdentity');
    expect(await identityOf(owner)).toEqual(before);
  });

  it("when another tenant cancels a tenant's pending rotation, then 404 and the pending key stays", async () => {
    const victim = await tenantWithDomain(platform);
    const id = victim.identity.id;
    await request(platform.url).post(`/identities/${id}/dkim/rotate`).set(auth(victim.key)).expect(200);
    const before = await identityOf(victim);
    expect(before.dnsRecords.filter((r: { keyState?: string }) => r.keyState === 'pending')).toHaveLength(1);
    expectProblem(
      await request(platform.url).delete(`/identities/${id}/dkim/rotate`).set(auth(stranger.key)),
      404,
      'not_found',
      'cancelDkimRotation',
    );
    expect(await identityOf(victim)).toEqual(before);
  });

  it('when a key restricted to one domain rotates, then it may rotate that domain only; another domain of its tenant is 404', async () => {
    const second = await request(platform.url)
      .post('/identities')
      .set(auth(owner.key))
      .send({ domain: `second${Math.random().toString(36).slice(2, 8)}.example.test` })
      .expect(201);
    const made = await request(platform.url).post('/api-keys').set(auth(owner.key)).send({ name: 'ops', domain: owner.domain }).expect(201);
    const restricted = made.body.key;
    expectProblem(
      await request(platform.url).post(`/identities/${second.body.id}/dkim/rotate`).set(auth(restricted)),
      404,
      'not_found',
      'rotateDkimKey',
    );
    const other = await request(platform.url).get(`/identities/${second.body.id}`).set(auth(owner.key)).expect(200);
    expect(other.body.dnsRecords.filter((r: { keyState?: string }) => r.keyState === 'pending')).toEqual([]);
    const own = await request(platform.url).post(`/identities/${owner.identity.id}/dkim/rotate`).set(auth(restricted));
    expect(own.status).toBe(200);
  });

  it("when a viewer member rotates, cancels a rotation or sets the algorithms, then 403 forbidden: they change what the tenant's DNS must hold", async () => {
    const owner2 = await newOwner(platform, stranger.tenantId);
    const viewer = await newMember(platform, owner2.token, 'viewer');
    const before = await identityOf(stranger);
    const id = stranger.identity.id;
    expectProblem(
      await request(platform.url).post(`/identities/${id}/dkim/rotate`).set(bearer(viewer.token)),
      403,
      'forbidden',
      'rotateDkimKey',
    );
    const patched = await request(platform.url)
      .patch(`/identities/${id}`)
      .set(bearer(viewer.token))
      .send({ dkimAlgorithms: ['rsa-sha256', 'ed25519-sha256'] });
    expectProblem(patched, 403, 'forbidden', 'updateIdentity');
    expectProblem(
      await request(platform.url).delete(`/identities/${id}/dkim/rotate`).set(bearer(viewer.token)),
      403,
      'forbidden',
      'cancelDkimRotation',
    );
    expect(await identityOf(stranger)).toEqual(before);
  });

  it('when a sending-only key rotates, then it is refused', async () => {
    const made = await request(platform.url)
      .post('/api-keys')
      .set(auth(stranger.key))
      .send({ name: 'sender', permission: 'sending' })
      .expect(201);
    const res = await request(platform.url).post(`/identities/${stranger.identity.id}/dkim/rotate`).set(auth(made.body.key));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('restricted_api_key');
  });
});

describe('the keys a rotation and Ed25519 make', () => {
  it('when a key is rotated, Ed25519 added and rotated, verified and mail sent, then no new private key is in any response, log line, audit record or file', async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'debug', write: (line) => lines.push(line) });
    const platform = await startTestPlatform({}, undefined, undefined, logger);
    const responses: Response[] = [];
    const seen = async (res: Promise<Response> | Response) => {
      const answered = await res;
      responses.push(answered);
      return answered;
    };
    let dataDir = platform.dataDir;
    try {
      const t = await tenantWithDomain(platform);
      dataDir = platform.dataDir;
      const rotated = await seen(request(platform.url).post(`/identities/${t.identity.id}/dkim/rotate`).set(auth(t.key)));
      const patched = await seen(
        request(platform.url)
          .patch(`/identities/${t.identity.id}`)
          .set(auth(t.key))
          .send({ dkimAlgorithms: ['rsa-sha256', 'ed25519-sha256'] }),
      );
      for (const r of [...rotated.body.dnsRecords, ...patched.body.dnsRecords]) platform.sandbox.dns.setTxt(r.name, [r.value]);
      await seen(request(platform.url).post(`/identities/${t.identity.id}/verify`).set(auth(t.key)));
      const edRotated = await seen(
        request(platform.url).post(`/identities/${t.identity.id}/dkim/rotate`).set(auth(t.key)).send({ algorithm: 'ed25519-sha256' }),
      );
      for (const r of edRotated.body.dnsRecords) platform.sandbox.dns.setTxt(r.name, [r.value]);
      await seen(request(platform.url).post(`/identities/${t.identity.id}/verify`).set(auth(t.key)));
      await seen(sendEmail(platform, t, { to: 'b@example.org' }));
      await platform.sandbox.sink.waitFor(() => true, 10_000);
      await seen(request(platform.url).get('/audit-log').set(auth(t.key)));
      await seen(request(platform.url).get(`/identities/${t.identity.id}`).set(auth(t.key)));
      await platform.stop({ keepData: true });

      const store = await mailStoreOf(dataDir);
      const record = (await store.collection<IdentityRecord>('identities').findOne({ _id: t.identity.id }))!;
      await store.close();
      const box = await openKeyBox(readFileSync(path.join(dataDir, 'dkim-key-secret'), 'utf8').trim());
      const keys = [record.sealedPrivateKey, record.ed25519Dkim!.sealedPrivateKey].map((sealed) => box.open(sealed, record._id));
      expect([record.selector, record.ed25519Dkim!.selector]).toEqual(['mp2', 'mp2-ed25519']);
      // A line of each key's base64 body: what any copy of the key, however framed, would hold.
      const secrets = keys.map((pem) => pem.split('\n')[1]);
      expect(secrets.every((s) => s.length >= 40)).toBe(true);
      expect(lines.length).toBeGreaterThan(10);
      const onDisk = readdirSync(dataDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'latin1'))
        .join('');
      // The sandbox keeps PEM keys of its own (its TLS certificate) in the data dir: the keys' bodies are what count there.
      for (const text of [...responses.map((r) => r.text), lines.join('\n')]) expect(text).not.toMatch(/PRIVATE KEY/);
      for (const text of [...responses.map((r) => r.text), lines.join('\n'), onDisk]) {
        for (const secret of secrets) expect(text).not.toContain(secret);
      }
    } finally {
      removeDir(dataDir);
    }
  }, 60_000);
});
