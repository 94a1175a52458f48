import request from 'supertest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expectContract } from '../../../test/support/contract';
import { auth } from '../../../test/support/mail';
import { sharedPlatform, sharedTenant } from '../../../test/support/platform';

const platform = sharedPlatform();
const tenant = sharedTenant(platform);

describe('identities', () => {
  it('when an identity is created, then it is pending with DKIM, SPF and DMARC records to publish and no private key', async () => {
    const res = await request(platform.url).post('/identities').set(auth(tenant.key)).send({ domain: 'brand.example.test' });
    expect(res.status).toBe(201);
    expectContract(res, 'createIdentity');
    expect(res.body).toMatchObject({ domain: 'brand.example.test', selector: 'mp1', status: 'pending', verifiedAt: null });
    const dkim = res.body.dnsRecords.find((r: { purpose: string }) => r.purpose === 'dkim');
    expect(dkim).toMatchObject({ type: 'TXT', name: 'mp1._domainkey.brand.example.test', status: 'unchecked' });
    expect(dkim.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);
    expect(res.text).not.toMatch(/PRIVATE KEY/);
    const onDisk = readdirSync(path.join(platform.dataDir, 'mail'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
      .join('');
    expect(onDisk).toContain(res.body.id);
    expect(onDisk).not.toMatch(/PRIVATE KEY/);
  });

  it('when verified before the records exist, then failed with what is missing; after publishing, verified', async () => {
    const created = await request(platform.url)
      .post('/identities')
      .set(auth(tenant.key))
      .send({ domain: 'later.example.test', selector: 's2026' });
    const early = await request(platform.url).post(`/identities/${created.body.id}/verify`).set(auth(tenant.key));
    expectContract(early, 'verifyIdentity');
    expect(early.body.status).toBe('failed');
    expect(early.body.dnsRecords.map((r: { status: string }) => r.status)).toEqual(['missing', 'missing', 'missing']);

    const dkim = created.body.dnsRecords[0];
    platform.sandbox.dns.setTxt(dkim.name, [dkim.value]);
    const verified = await request(platform.url).post(`/identities/${created.body.id}/verify`).set(auth(tenant.key));
    expect(verified.body.status).toBe('verified');
    expect(verified.body.verifiedAt).not.toBeNull();
    expect(verified.body.dnsRecords.map((r: { purpose: string; status: string }) => [r.purpose, r.status])).toEqual([
      ['dkim', 'found'],
      ['spf', 'missing'],
      ['dmarc', 'missing'],
    ]);
  });
});
