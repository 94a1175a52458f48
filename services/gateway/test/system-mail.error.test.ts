import request from 'supertest';
import { manualClock } from '@mailplane/runtime';
import { gatewayConfig } from '../src/config';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { bearer, freshEmail, newOwner, PASSWORD } from '../../../test/support/members';
import { sharedPlatform } from '../../../test/support/platform';

describe('system mail', () => {
  it('when only one of SYSTEM_MAIL_TENANT_ID and SYSTEM_MAIL_FROM is set, or the tenant is not an id, then the gateway refuses to start, naming it', () => {
    expect(() => gatewayConfig({ SYSTEM_MAIL_TENANT_ID: 'sandbox' })).toThrow(/SYSTEM_MAIL_FROM is required/);
    expect(() => gatewayConfig({ SYSTEM_MAIL_FROM: 'a@b.example' })).toThrow(/SYSTEM_MAIL_TENANT_ID is required/);
    expect(() => gatewayConfig({ SYSTEM_MAIL_TENANT_ID: 'acme', SYSTEM_MAIL_FROM: 'a@b.example' })).toThrow(
      /SYSTEM_MAIL_TENANT_ID must be/,
    );
    expect(gatewayConfig({}).systemMail).toBeUndefined();
  });

  describe('when the operator configured no system sender and no TOTP key', () => {
    // Moved only by the expiry test, which runs last.
    const clock = manualClock(new Date());
    const platform = sharedPlatform({ SYSTEM_MAIL_TENANT_ID: '', SYSTEM_MAIL_FROM: '', TOTP_SECRET_KEY: '' }, clock);

    it('then an invitation answers its link this once, mails nothing, and the link is accepted', async () => {
      const { tenantId } = await platform.newTenant();
      const owner = await newOwner(platform, tenantId);
      const email = freshEmail('unmailed');
      const before = platform.sandbox.sink.count();
      const made = await request(platform.url).post('/invitations').set(bearer(owner.token)).send({ email, role: 'viewer' });
      expect(made.status).toBe(201);
      expectContract(made, 'createInvitation');
      expect(made.body.emailed).toBe(false);
      const url = new URL(made.body.acceptUrl);
      expect([url.origin, url.pathname]).toEqual([new URL(platform.dashboardUrl).origin, '/accept-invitation']);
      const listed = await request(platform.url).get('/invitations').set(bearer(owner.token));
      expect(JSON.stringify(listed.body)).not.toContain(url.searchParams.get('token'));
      const accepted = await request(platform.url)
        .post('/invitations/accept')
        .send({ token: url.searchParams.get('token'), name: 'Una', password: PASSWORD });
      expect(accepted.status).toBe(201);
      expect(accepted.body.member).toMatchObject({ email, role: 'viewer' });
      expect(platform.sandbox.sink.count()).toBe(before);
    });

    it('then a password reset or a sign-in link is a 503 system_mail_not_configured, whoever the address is', async () => {
      const { tenantId } = await platform.newTenant();
      const owner = await newOwner(platform, tenantId);
      for (const path of ['/password-resets', '/sign-in-links'])
        for (const email of [owner.email, freshEmail('nobody')])
          expectProblem(await request(platform.url).post(path).send({ email }), 503, 'system_mail_not_configured');
    });

    it('then a member asking for a second factor gets a 503 totp_not_configured', async () => {
      const { tenantId } = await platform.newTenant();
      const owner = await newOwner(platform, tenantId);
      expectProblem(await request(platform.url).post('/me/totp').set(bearer(owner.token)), 503, 'totp_not_configured');
    });

    it('then an invitation unused for 72 hours is a 410 link_invalid, and no longer listed', async () => {
      const { tenantId, key } = await platform.newTenant();
      const owner = await newOwner(platform, tenantId);
      const made = await request(platform.url).post('/invitations').set(bearer(owner.token)).send({ email: freshEmail(), role: 'viewer' });
      const token = new URL(made.body.acceptUrl).searchParams.get('token');
      const pending = async () => (await request(platform.url).get('/invitations').set(bearer(key))).body.data.length;
      clock.advance(72 * 3600_000 - 1000);
      expect(await pending()).toBe(1);
      clock.advance(2000);
      expect(await pending()).toBe(0);
      const late = await request(platform.url).post('/invitations/accept').send({ token, name: 'Late', password: PASSWORD });
      expectProblem(late, 410, 'link_invalid');
    });
  });

  describe('when the system sender cannot send (its From is on no verified identity)', () => {
    const platform = sharedPlatform({ SYSTEM_MAIL_FROM: 'Mailplane <no-reply@unverified.example>' });

    it('then an invitation is a 503 system_mail_failed and none is made', async () => {
      const { tenantId } = await platform.newTenant();
      const owner = await newOwner(platform, tenantId);
      const refused = await request(platform.url)
        .post('/invitations')
        .set(bearer(owner.token))
        .send({ email: freshEmail(), role: 'viewer' });
      expectProblem(refused, 503, 'system_mail_failed');
      expect(refused.body.detail).toContain('identity_unverified');
      expect((await request(platform.url).get('/invitations').set(bearer(owner.token))).body.data).toEqual([]);
    });
  });
});
