import path from 'node:path';
import request from 'supertest';
import { artifactsDir, describeInBrowser, pageErrors, platformInBrowser, signInWithPassword } from '../../../test/support/browser';
import { mailedLink } from '../../../test/support/member-links';
import { bearer, freshEmail, newOwner, PASSWORD } from '../../../test/support/members';

const ARTIFACTS = artifactsDir('dashboard');

describeInBrowser('invitation sign-up')('an invited member signs up in a real browser', () => {
  const run = platformInBrowser();

  it('when an invited person opens the mailed link and chooses a name and password, then they land in the dashboard signed in, and sign in again with that password', async () => {
    const { tenantId } = await run.platform.newTenant('Acme');
    const owner = await newOwner(run.platform, tenantId);
    const email = freshEmail('invitee');
    await request(run.platform.url).post('/invitations').set(bearer(owner.token)).send({ email, role: 'admin' }).expect(201);
    const { url } = await mailedLink(run.platform, email, /invited to a team/, '/accept-invitation');

    const page = await run.browser.newPage({ viewport: { width: 1200, height: 900 } });
    const problems = pageErrors(page);
    await page.goto(url.href);
    await page.getByLabel('Password').fill('short');
    await page.getByLabel('Your name').fill('Ivy Invited');
    await page.getByRole('button', { name: 'Join and sign in' }).click();
    // The browser's own check keeps a short password from leaving the page.
    expect(new URL(page.url()).pathname).toBe('/accept-invitation');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Join and sign in' }).click();
    await page.waitForURL(/\/overview$/);
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.waitForURL(/\/api-keys$/);
    await page.screenshot({ path: path.join(ARTIFACTS, 'invitation-accepted.png'), fullPage: true });

    const members = await request(run.platform.url).get('/members').set(bearer(owner.token));
    expect(members.body.data).toContainEqual(expect.objectContaining({ email, name: 'Ivy Invited', role: 'admin' }));

    // The link is spent: opened again, its form answers that it no longer works.
    const again = await run.browser.newPage();
    await again.goto(url.href);
    await again.getByLabel('Your name').fill('Someone else');
    await again.getByLabel('Password').fill(PASSWORD);
    await again.getByRole('button', { name: 'Join and sign in' }).click();
    await again.getByRole('alert').waitFor();
    expect(await again.getByRole('alert').innerText()).toContain('unknown, used, revoked or expired');
    await again.close();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/sign-in\?signedOut=1$/);
    await signInWithPassword(page, email, PASSWORD);
    await page.waitForURL(/\/overview$/);
    expect(problems).toEqual([]);
    await page.close();
  });
});
