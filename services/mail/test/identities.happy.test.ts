import request from 'supertest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { auth } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';

let platform: TestPlatform;
let key: string;
beforeAll(async () => {
  platform = await startTestPlatform();
  ({ key } = await platform.newTenant());
});
afterAll(() => platform.stop());

describe('identities', () => {
  it('when an identity is created, then it is pending with DKIM, SPF and DMARC records to publish and no private key', async () => {
    const res = await request(platform.url).post('/identities').set(auth(key)).send({ domain: 'brand.example.test' });
    expect(res.status).toBe(201);
    expectContract(res, 'createIdentity');
    expect(res.body).toMatchObject({ domain: 'brand.example.test', selector: 'mp1', status: 'pending', verifiedAt: null });
    const dkim = res.body.dnsRecords.find((r: { purpose: string }) => r.purpose === 'dkim');
    expect(dkim).toMatchObject({ type: 'TXT', name: 'mp1._domainkey.brand.example.test', status: 'unchecked' });
    expect(dkim.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);
    expect(res.text).not.toMatch(/PRIVATE KEY/);
    const onDisk = readdirSync(path.join(platform.dataDir, 'mail'))
      .map((f) => readFileSync(path.join(platform.dataDir, 'mail', f), 'utf8'))
      .join('');
    expect(onDisk).toContain(res.body.id);
    expect(onDisk).not.toMatch(/PRIVATE KEY/);
  });

  it('when verified before the records exist, then failed with what is missing; after publishing, verified', async () => {
    const created = await request(platform.url)
      .post('/identities')
      .set(auth(key))
      .send({ domain: 'later.example.test', selector: 's2026' });
    const early = await request(platform.url).post(`/identities/${created.body.id}/verify`).set(auth(key));
    expectContract(early, 'verifyIdentity');
    expect(early.body.status).toBe('failed');
    expect(early.body.dnsRecords.map((r: { status: string }) => r.status)).toEqual(['missing', 'missing', 'missing']);

    const dkim = created.body.dnsRecords[0];
    platform.sandbox.dns.setTxt(dkim.name, [dkim.value]);
    const verified = await request(platform.url).post(`/identities/${created.body.id}/verify`).set(auth(key));
    expect(verified.body.status).toBe('verified');
    expect(verified.body.verifiedAt).not.toBeNull();
    expect(verified.body.dnsRecords.map((r: { purpose: string; status: string }) => [r.purpose, r.status])).toEqual([
      ['dkim', 'found'],
      ['spf', 'missing'],
      ['dmarc', 'missing'],
    ]);
  });

  it('when the published DKIM key is a different one, then mismatch and not verified', async () => {
    const created = await request(platform.url).post('/identities').set(auth(key)).send({ domain: 'wrongkey.example.test' });
    platform.sandbox.dns.setTxt(created.body.dnsRecords[0].name, ['v=DKIM1; k=rsa; p=AAAAB3NzaC1yc2EAAAADAQABAAABAQ']);
    const res = await request(platform.url).post(`/identities/${created.body.id}/verify`).set(auth(key));
    expect(res.body.status).toBe('failed');
    expect(res.body.dnsRecords[0].status).toBe('mismatch');
  });

  it('when listing, reading and deleting, then the tenant sees its own identities only', async () => {
    const created = await request(platform.url).post('/identities').set(auth(key)).send({ domain: 'gone.example.test' });
    const listed = await request(platform.url).get('/identities?limit=2').set(auth(key));
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
    await request(platform.url).get(`/identities/${created.body.id}`).set(auth(key)).expect(200);
    await request(platform.url).delete(`/identities/${created.body.id}`).set(auth(key)).expect(204);
    expectProblem(await request(platform.url).get(`/identities/${created.body.id}`).set(auth(key)), 404, 'not_found', 'getIdentity');
  });

  it('when the same domain is added twice, then 409; bad domains are 400', async () => {
    await request(platform.url).post('/identities').set(auth(key)).send({ domain: 'twice.example.test' }).expect(201);
    expectProblem(
      await request(platform.url).post('/identities').set(auth(key)).send({ domain: 'twice.example.test' }),
      409,
      'already_exists',
      'createIdentity',
    );
    expectProblem(
      await request(platform.url).post('/identities').set(auth(key)).send({ domain: 'not a domain' }),
      400,
      'validation_failed',
      'createIdentity',
    );
    expectProblem(await request(platform.url).get('/identities?limit=0').set(auth(key)), 400, 'validation_failed', 'listIdentities');
  });
});
