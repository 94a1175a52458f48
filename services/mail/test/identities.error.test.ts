import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { auth } from '../../../test/support/mail';
import { sharedPlatform, sharedTenant } from '../../../test/support/platform';

const platform = sharedPlatform();
const tenant = sharedTenant(platform);

describe('identities', () => {
  it('when the published DKIM key is a different one, then mismatch and not verified', async () => {
    const created = await request(platform.url).post('/identities').set(auth(tenant.key)).send({ domain: 'wrongkey.example.test' });
    platform.sandbox.dns.setTxt(created.body.dnsRecords[0].name, ['v=DKIM1; k=rsa; p=AAAAB3NzaC1yc2EAAAADAQABAAABAQ']);
    const res = await request(platform.url).post(`/identities/${created.body.id}/verify`).set(auth(tenant.key));
    expect(res.body.status).toBe('failed');
    expect(res.body.dnsRecords[0].status).toBe('mismatch');
  });

  it('when DNS gives no answer for a record, then 503 dns_unavailable and the verified identity is left as it was', async () => {
    const created = await request(platform.url).post('/identities').set(auth(tenant.key)).send({ domain: 'dns-outage.example.test' });
    const dkim = created.body.dnsRecords[0];
    platform.sandbox.dns.setTxt(dkim.name, [dkim.value]);
    await request(platform.url).post(`/identities/${created.body.id}/verify`).set(auth(tenant.key)).expect(200);
    const before = await request(platform.url).get(`/identities/${created.body.id}`).set(auth(tenant.key));
    expect(before.body.status).toBe('verified');

    platform.sandbox.dns.failName(dkim.name);
    try {
      const res = await request(platform.url).post(`/identities/${created.body.id}/verify`).set(auth(tenant.key));
      expectProblem(res, 503, 'dns_unavailable', 'verifyIdentity');
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.body.detail).toContain(dkim.name);
      const after = await request(platform.url).get(`/identities/${created.body.id}`).set(auth(tenant.key));
      expect(after.body).toEqual(before.body);
    } finally {
      platform.sandbox.dns.healName(dkim.name);
    }
    const again = await request(platform.url).post(`/identities/${created.body.id}/verify`).set(auth(tenant.key));
    expect(again.body.status).toBe('verified');
  });

  it('when the same domain is added twice, then 409; bad domains are 400', async () => {
    await request(platform.url).post('/identities').set(auth(tenant.key)).send({ domain: 'twice.example.test' }).expect(201);
    expectProblem(
      await request(platform.url).post('/identities').set(auth(tenant.key)).send({ domain: 'twice.example.test' }),
      409,
      'already_exists',
      'createIdentity',
    );
    expectProblem(
      await request(platform.url).post('/identities').set(auth(tenant.key)).send({ domain: 'not a domain' }),
      400,
      'validation_failed',
      'createIdentity',
    );
    expectProblem(await request(platform.url).get('/identities?limit=0').set(auth(tenant.key)), 400, 'validation_failed', 'listIdentities');
  });
});
