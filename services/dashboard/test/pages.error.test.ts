import request from 'supertest';
import { subscribedTenant } from '../../../test/support/billing';
import { signIn } from '../../../test/support/dashboard-sign-in';
import { auth } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();

describe('the dashboard pages, refused', () => {
  it('when an upgrade is posted without its consent box ticked, then 400 Consent needed and nothing is charged', async () => {
    const { key, customerId } = await subscribedTenant(platform, 'starter');
    const quote = (await request(platform.url).post('/billing/upgrade/quote').set(auth(key)).send({ plan: 'growth' }).expect(200)).body;
    const charges = () => platform.sandbox.provider.payments().filter((p) => p.customerId === customerId).length;
    const before = charges();
    // The browser does not submit the form without the box; posted anyway, the dashboard refuses it itself.
    const session = await signIn(platform.dashboardUrl, key);
    const refused = await request(platform.dashboardUrl)
      .post('/billing/upgrade')
      .set('Cookie', session.cookie)
      .type('form')
      .send({ csrf: session.csrf, plan: 'growth', acceptedCents: String(quote.amountCents) });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Consent needed');
    expect(charges()).toBe(before);
    expect((await request(platform.url).get('/billing/state').set(auth(key))).body.plan).toBe('starter');
  });

  it('when a received message that does not exist is opened, then the 404 page answers', async () => {
    const { key } = await platform.newTenant();
    const { cookie } = await signIn(platform.dashboardUrl, key);
    const res = await request(platform.dashboardUrl).get('/inbound/inb_00000000000000000000000000').set('Cookie', cookie);
    expect(res.status).toBe(404);
    expect(res.text).toContain('Not found');
  });
});
