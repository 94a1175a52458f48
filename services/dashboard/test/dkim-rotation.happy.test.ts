import request from 'supertest';
import { auth, tenantWithDomain } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { signIn } from '../../../test/support/dashboard-sign-in';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.stop());

describe("the dashboard shows an identity's DKIM rotation", () => {
  it('when a key is rotated, then its page lists the pending record; once verified, the old one as retiring with the time it may be removed', async () => {
    const t = await tenantWithDomain(platform);
    const { cookie } = await signIn(platform.dashboardUrl, t.key);
    const page = async () =>
      (await request(platform.dashboardUrl).get(`/identities/${t.identity.id}`).set('Cookie', cookie).expect(200)).text;

    const rotated = await request(platform.url).post(`/identities/${t.identity.id}/dkim/rotate`).set(auth(t.key)).expect(200);
    const pending = await page();
    expect(pending).toContain('<td>dkim (rsa-sha256, current)</td>');
    expect(pending).toContain('<td>dkim (rsa-sha256, pending)</td>');
    expect(pending).toContain(`mp2._domainkey.${t.domain}`);

    const next = rotated.body.dnsRecords.find((r: { keyState?: string }) => r.keyState === 'pending');
    platform.sandbox.dns.setTxt(next.name, [next.value]);
    const verified = await request(platform.url).post(`/identities/${t.identity.id}/verify`).set(auth(t.key)).expect(200);
    const removableAfter = verified.body.dnsRecords.find((r: { keyState?: string }) => r.keyState === 'retiring').removableAfter;
    const switched = await page();
    expect(switched).toContain(
      `<td>dkim (rsa-sha256, retiring, removable after <time datetime="${removableAfter}">${removableAfter}</time>)</td>`,
    );
    expect(switched).not.toContain('pending)</td>');
  });
});
