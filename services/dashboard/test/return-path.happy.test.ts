import request from 'supertest';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { tenantWithReturnPath } from '../../../test/support/return-path';
import { signIn } from '../../../test/support/dashboard-sign-in';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.stop());

describe("the dashboard shows an identity's return path", () => {
  it('when the return path is verified, then its page lists the MX and SPF records, the state and both alignments; a new one saved from the form is pending', async () => {
    const t = await tenantWithReturnPath(platform);
    const { cookie, csrf } = await signIn(platform.dashboardUrl, t.key);
    const shown = await request(platform.dashboardUrl).get(`/identities/${t.id}`).set('Cookie', cookie).expect(200);
    expect(shown.text).toMatch(/<td>returnPath<\/td>\s*<td>MX \(priority 10\)<\/td>/);
    expect(shown.text).toContain('bounces.mailplane.test');
    expect(shown.text).toContain('v=spf1 ip4:127.0.0.0/8 ~all');
    expect(shown.text).toMatch(new RegExp(`${t.returnPathDomain.replace(/\./g, '\\.')}: <span class="pill status tone-good"\\s*>verified`));
    expect(shown.text).toContain('DMARC alignment: DKIM aligns, SPF aligns.');

    const saved = await request(platform.dashboardUrl)
      .post(`/identities/${t.id}/return-path`)
      .set('Cookie', cookie)
      .type('form')
      .send({ csrf, returnPathDomain: `Bounce.${t.domain}` })
      .expect(303);
    const after = await request(platform.dashboardUrl).get(saved.headers.location).set('Cookie', cookie).expect(200);
    expect(after.text).toMatch(new RegExp(`bounce\\.${t.domain.replace(/\./g, '\\.')}: <span class="pill status tone-warn"\\s*>pending`));
    expect(after.text).toContain('DMARC alignment: DKIM aligns, SPF does not align.');
  });
});
