import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { openKeyBox } from '@mailplane/secrets';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { auth, tenantWithDomain } from '../../../test/support/mail';
import { removeDir, startTestPlatform, sharedPlatform, sharedTenant } from '../../../test/support/platform';
import type { IdentityRecord } from '../src/data-access/identities-repo';
import { mailStoreOf } from '../../../test/support/travelling-platform';

const platform = sharedPlatform();
const tenant = sharedTenant(platform);

describe('identities', () => {
  it('when listing, reading and deleting, then the tenant sees its own identities only', async () => {
    const created = await request(platform.url).post('/identities').set(auth(tenant.key)).send({ domain: 'gone.example.test' });
    const listed = await request(platform.url).get('/identities?limit=2').set(auth(tenant.key));
    expectContract(listed, 'listIdentities');
    expect(listed.body.limit).toBe(2);
    expect(listed.body.data[0].id).toBe(created.body.id);
    const other = await platform.newTenant();
    expectProblem(await request(platform.url).get(`/identities/${created.body.id}`).set(auth(other.key)), 404, 'not_found', 'getIdentity');
    expectProblem(
      await request(platform.url).delete(`/identities/${created.body.id}`).set(auth(other.key)),
      404,
      'not_found',
      'deleteIdentity',
    );
    await request(platform.url).get(`/identities/${created.body.id}`).set(auth(tenant.key)).expect(200);
    await request(platform.url).delete(`/identities/${created.body.id}`).set(auth(tenant.key)).expect(204);
    expectProblem(await request(platform.url).get(`/identities/${created.body.id}`).set(auth(tenant.key)), 404, 'not_found', 'getIdentity');
  });
});

describe('DKIM keys at rest', () => {
  it("when a tenant's DNS never answers its verify, then the check ends in 503 dns_unavailable and other tenants are answered meanwhile", async () => {
    const created = await request(platform.url).post('/identities').set(auth(tenant.key)).send({ domain: 'silent-dns.example.test' });
    const dkim = created.body.dnsRecords[0];
    platform.sandbox.dns.failName(dkim.name, { silent: true });
    const other = await platform.newTenant();
    try {
      const started = Date.now();
      const verifying = request(platform.url)
        .post(`/identities/${created.body.id}/verify`)
        .set(auth(tenant.key))
        .then((res) => res);
      // While the lookups wait for their timeouts, the service answers another tenant at once.
      const listing = Date.now();
      const listed = await request(platform.url).get('/identities').set(auth(other.key));
      expectContract(listed, 'listIdentities');
      expect(Date.now() - listing).toBeLessThan(1000);
      const res = await verifying;
      expectProblem(res, 503, 'dns_unavailable', 'verifyIdentity');
      expect(res.body.detail).toMatch(/ETIMEOUT/);
      // Bounded by the resolver's timeout and tries, well inside the gateway's deadline.
      expect(Date.now() - started).toBeLessThan(15_000);
      const after = await request(platform.url).get(`/identities/${created.body.id}`).set(auth(tenant.key));
      expect(after.body.status).toBe(created.body.status);
    } finally {
      platform.sandbox.dns.healName(dkim.name);
    }
  });

  it("when an identity's sealed private key is copied into another identity's record, then it does not open there", async () => {
    const own = await startTestPlatform();
    const [a, b] = [await tenantWithDomain(own), await tenantWithDomain(own)];
    await own.stop({ keepData: true });
    const store = await mailStoreOf(own.dataDir);
    try {
      const identities = store.collection<IdentityRecord>('identities');
      const first = (await identities.findOne({ _id: a.identity.id }))!;
      await identities.updateOne({ _id: b.identity.id }, { $set: { sealedPrivateKey: first.sealedPrivateKey } });
      const copied = (await identities.findOne({ _id: b.identity.id }))!;
      // The box as mail builds it, from the secret the embedded default keeps beside its data.
      const box = await openKeyBox(readFileSync(path.join(own.dataDir, 'dkim-key-secret'), 'utf8').trim());
      expect(box.open(first.sealedPrivateKey, first._id)).toContain('PRIVATE KEY');
      expect(() => box.open(copied.sealedPrivateKey, copied._id)).toThrow(expect.objectContaining({ code: 'KEY_BOX_AUTH_FAILED' }));
    } finally {
      await store.close();
      removeDir(own.dataDir);
    }
  });
});
