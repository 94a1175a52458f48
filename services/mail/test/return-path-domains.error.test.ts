import request from 'supertest';
import { lateBounce } from '../../../sandbox/smtp-reports';
import { expectContract } from '../../../test/support/contract';
import { auth } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';
import { mailConfig } from '../src/config';
import { deliverReport } from './support/report-listener';
import { sendAndCapture, tenantWithReturnPath } from '../../../test/support/return-path';
import { REQUIRED_MAIL_ENV } from './support/required-config';

const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000' });

const verify = (t: { key: string; id: string }) => request(platform.url).post(`/identities/${t.id}/verify`).set(auth(t.key)).expect(200);
const returnPathStatuses = (body: { dnsRecords: { purpose: string; type: string; status: string }[] }) =>
  body.dnsRecords.filter((r) => r.purpose === 'returnPath').map((r) => [r.type, r.status]);

describe('a return path domain that is not (or no longer) found', () => {
  it("when a later verify finds its MX gone, then the return path fails, messages leave on the operator's bounce domain and reports to the old domain are refused", async () => {
    const t = await tenantWithReturnPath(platform);
    const before = await sendAndCapture(platform, t);
    expect(before.mailFrom.endsWith(`@${t.returnPathDomain}`)).toBe(true);

    platform.sandbox.dns.deleteMx(t.returnPathDomain);
    const checked = await verify(t);
    expectContract(checked, 'verifyIdentity');
    expect(checked.body.status).toBe('verified');
    expect(returnPathStatuses(checked.body)).toEqual([
      ['MX', 'missing'],
      ['TXT', 'found'],
    ]);
    expect(checked.body.returnPath).toMatchObject({ domain: t.returnPathDomain, status: 'failed' });
    expect(checked.body.alignment).toEqual({ dkim: true, spf: false });

    const after = await sendAndCapture(platform, t);
    expect(after.mailFrom).toMatch(/@bounces\.mailplane\.test$/);
    await expect(
      deliverReport(platform, before.mailFrom, lateBounce(before.mailFrom, 'kept@example.org', before.raw)),
    ).rejects.toMatchObject({
      responseCode: 550,
    });
  });

  it('when the MX names another host or the SPF record leaves the platform out, then the return path fails with mismatch', async () => {
    const t = await tenantWithReturnPath(platform);
    platform.sandbox.dns.setMx(t.returnPathDomain, ['mx.elsewhere.test']);
    platform.sandbox.dns.setTxt(t.returnPathDomain, ['v=spf1 include:_spf.elsewhere.test ~all']);
    const checked = await verify(t);
    expect(returnPathStatuses(checked.body)).toEqual([
      ['MX', 'mismatch'],
      ['TXT', 'mismatch'],
    ]);
    expect(checked.body.returnPath.status).toBe('failed');
    expect((await sendAndCapture(platform, t)).mailFrom).toMatch(/@bounces\.mailplane\.test$/);
  });

  it('when a PATCH names a return path domain outside the identity, then 400 validation_failed and the identity is unchanged', async () => {
    const t = await tenantWithReturnPath(platform);
    const before = (await request(platform.url).get(`/identities/${t.id}`).set(auth(t.key))).body;
    for (const returnPathDomain of ['send.elsewhere.test', t.domain, `x${t.domain}`, 'Not a domain']) {
      const res = await request(platform.url).patch(`/identities/${t.id}`).set(auth(t.key)).send({ returnPathDomain }).expect(400);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: '/body/returnPathDomain' })]));
    }
    expect((await request(platform.url).get(`/identities/${t.id}`).set(auth(t.key))).body).toEqual(before);
  });
});

describe('return path configuration', () => {
  const required = { ...REQUIRED_MAIL_ENV, BOUNCE_DOMAIN: 'bounces.example.com' };

  it('when nothing is set, then the MX names the bounce domain and the SPF record includes SPF_INCLUDE; a bad host or record refuses start-up naming the variable', () => {
    expect(mailConfig({ ...required, SPF_INCLUDE: '_spf.example.com' }).bounces).toMatchObject({
      mxHost: 'bounces.example.com',
      returnPathSpf: 'v=spf1 include:_spf.example.com ~all',
    });
    expect(
      mailConfig({ ...required, BOUNCE_MX_HOST: 'mx.example.com', RETURN_PATH_SPF: 'v=spf1 ip4:192.0.2.0/24 -all' }).bounces,
    ).toMatchObject({
      mxHost: 'mx.example.com',
      returnPathSpf: 'v=spf1 ip4:192.0.2.0/24 -all',
    });
    expect(() => mailConfig({ ...required, BOUNCE_MX_HOST: 'MX host' })).toThrow(/BOUNCE_MX_HOST/);
    expect(() => mailConfig({ ...required, RETURN_PATH_SPF: 'include:_spf.example.com' })).toThrow(/RETURN_PATH_SPF/);
  });
});
