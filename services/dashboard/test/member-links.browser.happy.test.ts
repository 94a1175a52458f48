import type { Browser } from 'playwright-core';
import request from 'supertest';
import { describeInBrowser, launchChromium } from '../../../test/support/browser';
import { enrollTotp, mailedLink } from '../../../test/support/member-links';
import { newOwner, PASSWORD } from '../../../test/support/members';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';

describeInBrowser('mailed sign-in and reset links')('mailed links in a real browser', () => {
  let platform: TestPlatform;
  let browser: Browser;
  beforeAll(async () => {
    platform = await startTestPlatform();
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await platform.stop();
  });

  it('when a member opens a mailed sign-in link and presses Sign in, then they are in the dashboard; opening the page alone spends nothing', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    await request(platform.url).post('/sign-in-links').send({ email: owner.email }).expect(202);
    const { url } = await mailedLink(platform, owner.email, /sign-in link/, '/sign-in/link');
    const page = await browser.newPage();
    // A mail scanner's visit: the page shows, the link stays good.
    const scanner = await browser.newPage();
    await scanner.goto(url.href);
    await scanner.close();
    await page.goto(url.href);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/overview$/);
    await page.close();
  });

  it('when a member resets their password from the mailed link, then the sign-in page says so and the new password signs in', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    await request(platform.url).post('/password-resets').send({ email: owner.email }).expect(202);
    const { url } = await mailedLink(platform, owner.email, /Reset your Mailplane password/, '/reset-password');
    const page = await browser.newPage();
    await page.goto(url.href);
    await page.getByLabel('New password').fill('brand new password here');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await page.waitForURL(/\/sign-in\?passwordReset=1$/);
    expect(await page.getByRole('status').innerText()).toBe('Password changed: sign in with it.');
    await page.getByLabel('Email address').fill(owner.email);
    await page.getByLabel('Password').fill('brand new password here');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/overview$/);
    await page.close();
  });

  it('when a member with a second factor signs in, then the form asks for the authenticator code and takes it', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const { nextCode } = await enrollTotp(platform, owner.token);
    const page = await browser.newPage();
    await page.goto(`${platform.dashboardUrl}/sign-in`);
    await page.getByLabel('Email address').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.getByRole('alert').innerText()).toContain('Your authenticator code is needed');
    await page.getByLabel('Email address').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel(/Authenticator code/).fill(nextCode());
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/overview$/);
    await page.close();
  });
});
