import path from 'node:path';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { artifactsDir, describeInBrowser, pageErrors, platformInBrowser, signInWithPassword } from '../../../test/support/browser';
import { bearer, newMember, newOwner, PASSWORD } from '../../../test/support/members';

const ARTIFACTS = artifactsDir('dashboard');

describeInBrowser('dashboard members')('a member signs in to the dashboard with an email address and a password', () => {
  const run = platformInBrowser();

  async function signInAs(email: string, password: string): Promise<Page> {
    const page = await run.browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${run.platform.dashboardUrl}/sign-in`);
    await signInWithPassword(page, email, password);
    return page;
  }

  it('when a developer signs in, then the pages of their role open, the audit log is refused, and once removed their next page asks them to sign in again', async () => {
    const { tenantId } = await run.platform.newTenant();
    const owner = await newOwner(run.platform, tenantId);
    const dev = await newMember(run.platform, owner.token, 'developer');

    const wrong = await signInAs(dev.email, 'not the right password');
    expect(await wrong.getByText('Wrong email address or password').count()).toBe(1);
    await wrong.close();

    const page = await signInAs(dev.email, PASSWORD);
    const problems = pageErrors(page);
    await page.waitForURL(/\/overview$/);
    await page.getByRole('link', { name: 'Identities' }).click();
    await page.waitForURL(/\/identities$/);
    await page.goto(`${run.platform.dashboardUrl}/audit-log`);
    expect(await page.getByText('The developer role does not allow this operation').count()).toBe(1);
    expect(await page.content()).not.toContain('mps_');
    await page.screenshot({ path: path.join(ARTIFACTS, 'member-refused.png'), fullPage: true });

    await request(run.platform.url).delete(`/members/${dev.id}`).set(bearer(owner.token)).expect(204);
    await page.goto(`${run.platform.dashboardUrl}/identities`);
    await page.waitForURL(/\/sign-in\?expired=1$/);
    expect(problems).toEqual([]);
    await page.close();
  });
});
