import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { describeInBrowser, launchChromium } from '../../../test/support/browser';
import { bearer, newMember, newOwner, PASSWORD } from '../../../test/support/members';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';

const ARTIFACTS = path.join(__dirname, '..', '..', '..', 'test-artifacts', 'dashboard');

describeInBrowser('dashboard members')('a member signs in to the dashboard with an email address and a password', () => {
  let platform: TestPlatform;
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    platform = await startTestPlatform();
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await platform.stop();
  });

  async function signInAs(email: string, password: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${platform.dashboardUrl}/sign-in`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    return page;
  }

  it('when a developer signs in, then the pages of their role open, the audit log is refused, and once removed their next page asks them to sign in again', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const dev = await newMember(platform, owner.token, 'developer');
    const problems: string[] = [];

    const wrong = await signInAs(dev.email, 'not the right password');
    expect(await wrong.getByText('Wrong email address or password').count()).toBe(1);
    await wrong.close();

    const page = await signInAs(dev.email, PASSWORD);
    page.on('pageerror', (error) => problems.push(error.message));
    await page.waitForURL(/\/overview$/);
    await page.getByRole('link', { name: 'Identities' }).click();
    await page.waitForURL(/\/identities$/);
    await page.goto(`${platform.dashboardUrl}/audit-log`);
    expect(await page.getByText('The developer role does not allow this operation').count()).toBe(1);
    expect(await page.content()).not.toContain('mps_');
    await page.screenshot({ path: path.join(ARTIFACTS, 'member-refused.png'), fullPage: true });

    await request(platform.url).delete(`/members/${dev.id}`).set(bearer(owner.token)).expect(204);
    await page.goto(`${platform.dashboardUrl}/identities`);
    await page.waitForURL(/\/sign-in\?expired=1$/);
    expect(problems).toEqual([]);
    await page.close();
  });
});
