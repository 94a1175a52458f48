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
