import path from 'node:path';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { totpCode } from '@mailplane/gateway';
import { artifactsDir, describeInBrowser, platformInBrowser, signInWithPassword } from '../../../test/support/browser';
import { eventually } from '../../../test/support/eventually';
import { bearer, freshEmail, newMember, newOwner, PASSWORD } from '../../../test/support/members';

const ARTIFACTS = artifactsDir('dashboard');

describeInBrowser('dashboard team page')('the Team page in a real browser', () => {
  const run = platformInBrowser();

  async function signIn(email: string, secondFactor?: string): Promise<Page> {
    const page = await run.browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${run.platform.dashboardUrl}/sign-in`);
    await signInWithPassword(page, email, PASSWORD, secondFactor);
    return page;
  }

  it('when an owner invites someone, changes a role and removes a member, then each is done and the removed member leaves the team', async () => {
    const { tenantId } = await run.platform.newTenant();
    const owner = await newOwner(run.platform, tenantId);
    const viewer = await newMember(run.platform, owner.token, 'viewer');
    const page = await signIn(owner.email);
    await page.waitForURL(/\/overview$/);
    await page.getByRole('link', { name: 'Team' }).click();
    await page.waitForURL(/\/team$/);

    const invited = freshEmail('invitee');
    const received = run.platform.sandbox.sink.count();
    await page.getByLabel('Email address').fill(invited);
    await page.getByLabel('Role', { exact: true }).selectOption('billing');
    await page.getByRole('button', { name: 'Invite' }).click();
    expect(await page.getByRole('alert').innerText()).toContain(`${invited} is invited as billing`);
    await eventually(() => run.platform.sandbox.sink.count() > received, 'the invitation mail');
    const waiting = page.getByRole('table', { name: 'Invitations waiting' });
    expect(await waiting.innerText()).toContain(invited);
    await page.getByRole('button', { name: `Revoke the invitation of ${invited}` }).click();
    await page.waitForURL(/notice=invitation-revoked/);
    expect(await page.getByRole('status').innerText()).toContain('Invitation revoked');
    // No invitation left: the table gives way to its empty state.
    expect(await page.locator('main').innerText()).toContain('No invitation waiting.');
    expect(await page.locator('main').innerText()).not.toContain(invited);

    await page.getByRole('row', { name: viewer.email }).getByRole('combobox').selectOption('developer');
    await page.getByRole('button', { name: 'Change the role of A viewer' }).click();
    await page.waitForURL(/notice=role-changed/);
    const members = await request(run.platform.url).get('/members').set(bearer(owner.token));
    expect(members.body.data.find((m: { id: string }) => m.id === viewer.id).role).toBe('developer');

    const row = page.getByRole('row', { name: viewer.email });
    await row.getByRole('checkbox').check();
    await row.getByRole('button', { name: 'Remove A viewer' }).click();
    await page.waitForURL(/notice=member-removed/);
    expect(await page.getByRole('table', { name: 'Members' }).innerText()).not.toContain(viewer.email);
    const after = await request(run.platform.url).get('/members').set(bearer(owner.token)).expect(200);
    expect(after.body.data.map((m: { id: string }) => m.id)).not.toContain(viewer.id);
    await page.screenshot({ path: path.join(ARTIFACTS, 'team.png'), fullPage: true });
    await page.close();
  }, 60_000);

  it('when a member sets up an authenticator app on the Team page, then the next sign-in asks for a code and a recovery code lets them in', async () => {
    const { tenantId } = await run.platform.newTenant();
    const owner = await newOwner(run.platform, tenantId);
    const page = await signIn(owner.email);
    await page.waitForURL(/\/overview$/);
    await page.goto(`${run.platform.dashboardUrl}/team`);
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const secret = await page.locator('#totp-secret').innerText();
    expect(await page.locator('#totp-uri').innerText()).toMatch(/^otpauth:\/\/totp\//);
    await page.getByLabel('Code from the app').fill(totpCode(secret, new Date()));
    await page.getByRole('button', { name: 'Turn on the second factor' }).click();
    const codes = await page.locator('#recovery-codes li').allInnerTexts();
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.close();

    const asked = await signIn(owner.email);
    expect(await asked.getByRole('alert').innerText()).toContain('Your authenticator code is needed');
    await asked.close();
    const again = await signIn(owner.email, codes[0]);
    await again.waitForURL(/\/overview$/);
    await again.close();
  }, 60_000);
});
