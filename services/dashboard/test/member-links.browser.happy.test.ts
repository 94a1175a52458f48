import request from 'supertest';
import { describeInBrowser, platformInBrowser, signInWithPassword } from '../../../test/support/browser';
import { enrollTotp, mailedLink } from '../../../test/support/member-links';
import { newOwner, PASSWORD } from '../../../test/support/members';

describeInBrowser('mailed sign-in and reset links')('mailed links in a real browser', () => {
  const run = platformInBrowser();

  it('when a member opens a mailed sign-in link and presses Sign in, then they are in the dashboard; opening the page alone spends nothing', async () => {
    const { tenantId } = await run.platform.newTenant();
    const owner = await newOwner(run.platform, tenantId);
    await request(run.platform.url).post('/sign-in-links').send({ email: owner.email }).expect(202);
    const { url } = await mailedLink(run.platform, owner.email, /sign-in link/, '/sign-in/link');
    const page = await run.browser.newPage();
    // A mail scanner's visit: the page shows, the link stays good.
    const scanner = await run.browser.newPage();
    await scanner.goto(url.href);
    await scanner.close();
    await page.goto(url.href);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/overview$/);
    await page.close();
  });

  it('when a member resets their password from the mailed link, then the sign-in page says so and the new password signs in', async () => {
    const { tenantId } = await run.platform.newTenant();
    const owner = await newOwner(run.platform, tenantId);
    await request(run.platform.url).post('/password-resets').send({ email: owner.email }).expect(202);
    const { url } = await mailedLink(run.platform, owner.email, /Reset your Mailplane password/, '/reset-password');
    const page = await run.browser.newPage();
    await page.goto(url.href);
    await page.getByLabel('New password').fill('brand new password here');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await page.waitForURL(/\/sign-in\?passwordReset=1$/);
    expect(await page.getByRole('status').innerText()).toBe('Password changed: sign in with it.');
    await signInWithPassword(page, owner.email, 'brand new password here');
    await page.waitForURL(/\/overview$/);
    await page.close();
  });

  it('when a member with a second factor signs in, then the form asks for the authenticator code and takes it', async () => {
    const { tenantId } = await run.platform.newTenant();
    const owner = await newOwner(run.platform, tenantId);
    const { nextCode } = await enrollTotp(run.platform, owner.token);
    const page = await run.browser.newPage();
    await page.goto(`${run.platform.dashboardUrl}/sign-in`);
    await signInWithPassword(page, owner.email, PASSWORD);
    expect(await page.getByRole('alert').innerText()).toContain('Your authenticator code is needed');
    await signInWithPassword(page, owner.email, PASSWORD, nextCode());
    await page.waitForURL(/\/overview$/);
    await page.close();
  });
});
