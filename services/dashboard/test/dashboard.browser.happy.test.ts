import path from 'node:path';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { artifactsDir, describeInBrowser, platformInBrowser, signInWithKey } from '../../../test/support/browser';
import { expectContract } from '../../../test/support/contract';
import { auth, tenantWithDomain } from '../../../test/support/mail';

const ARTIFACTS = artifactsDir('dashboard');

describeInBrowser('dashboard')('the dashboard in a real browser', () => {
  const run = platformInBrowser({ SEND_RATE_LIMIT: '1000' });

  async function signedIn(key: string, width = 1200): Promise<Page> {
    const page = await run.browser.newPage({ viewport: { width, height: 900 } });
    await signInWithKey(page, run.platform.dashboardUrl, key, '/');
    // On a narrow screen the navigation is behind the menu.
    const menu = page.getByText('Menu', { exact: true });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('link', { name: 'Emails' }).click();
    await page.waitForURL(/\/emails$/);
    return page;
  }

  it('when a tenant signs in, sends a test email and watches it, then its status turns to sent live and its page shows recipients, attempts and body', async () => {
    const t = await tenantWithDomain(run.platform);
    const page = await signedIn(t.key);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    await page.screenshot({ path: path.join(ARTIFACTS, 'emails-empty.png'), fullPage: true });

    await page.getByText('Send a test email').click();
    await page.getByLabel('Send to').fill('watcher@example.org');
    await page.getByRole('button', { name: 'Send test email' }).click();
    await page.waitForURL(/\/emails\/msg_[0-9a-z]{26}\?notice=test-sent$/);
    await page.getByRole('status').filter({ hasText: 'Test email accepted' }).waitFor();
    // The status span is refreshed by the page's script until the message is final, without a reload.
    await page.locator('.facts .status', { hasText: 'sent' }).waitFor({ timeout: 15_000 });
    await page.reload();
    await page.getByRole('heading', { name: 'Recipients' }).waitFor();
    expect(await page.locator('table').first().innerText()).toContain('watcher@example.org');
    // The reply's code is printed once, then its text ("250 OK: …", never "250 250 OK: …").
    expect(await page.locator('.timeline').innerText()).toMatch(/sent 250 \S/);
    expect(await page.locator('main').innerText()).not.toMatch(/\b(\d{3}) \1\b/);
    expect(await page.locator('iframe.body-html').count()).toBe(0);
    expect(await page.locator('pre.body-text').innerText()).toContain('This is a test email sent through Mailplane');
    await page.screenshot({ path: path.join(ARTIFACTS, 'email.png'), fullPage: true });

    await page.getByRole('link', { name: '← Emails' }).click();
    await page.getByRole('link', { name: 'Mailplane test email' }).waitFor();
    expect(await page.locator('tbody .status').first().innerText()).toBe('sent');
    expect(await page.content()).not.toContain(t.key);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('when a message has an HTML body, then it renders in a sandboxed frame that runs no script, and the list filters find it', async () => {
    const t = await tenantWithDomain(run.platform);
    const res = await request(run.platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({
        from: `a@${t.domain}`,
        to: ['x@example.org', 'y@example.org'],
        subject: 'Rich <b>one</b>',
        html: '<h1>Hi</h1><script>parent.document.title="owned"</script>',
      })
      .expect(202);
    const page = await signedIn(t.key, 375);
    await page.getByLabel('Recipient').fill('y@example.org');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('link', { name: 'Rich <b>one</b>' }).click();
    await page.waitForURL(new RegExp(`/emails/${res.body.id}$`));
    const frame = page.locator('iframe.body-html');
    expect(await frame.getAttribute('sandbox')).toBe('');
    await page.frameLocator('iframe.body-html').getByRole('heading', { name: 'Hi' }).waitFor();
    expect(await page.title()).not.toBe('owned');
    const width = await page.evaluate('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: path.join(ARTIFACTS, 'email-html-phone.png'), fullPage: true });
    await page.close();
  });

  it('when a tenant adds an identity, publishes the records it shows and verifies, then it is verified; a key created is shown once, sends, and can be revoked', async () => {
    const { key } = await run.platform.newTenant();
    const page = await signedIn(key);
    await page.getByRole('link', { name: 'Identities' }).click();
    await page.getByLabel('Domain').fill('brand.dashboard.test');
    await page.getByRole('button', { name: 'Add identity' }).click();
    await page.getByRole('heading', { name: 'brand.dashboard.test' }).waitFor();
    expect(await page.getByRole('button', { name: 'Copy the dkim record value' }).count()).toBe(1);
    // Publish exactly what the page shows, as the tenant would at their DNS host (the sandbox DNS stands in for it).
    const rows = await page.locator('tbody tr').all();
    for (const row of rows) {
      const [name, value] = await Promise.all([row.locator('code').nth(0).innerText(), row.locator('code').nth(1).innerText()]);
      run.platform.sandbox.dns.setTxt(name, [value]);
    }
    await page.screenshot({ path: path.join(ARTIFACTS, 'identity-pending.png'), fullPage: true });
    await page.getByRole('button', { name: 'Verify now' }).click();
    await page.getByRole('status').filter({ hasText: 'Verified' }).waitFor();
    expect(await page.locator('.status').first().innerText()).toBe('verified');
    await page.screenshot({ path: path.join(ARTIFACTS, 'identity-verified.png'), fullPage: true });

    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel('Name').fill('ci deploys');
    await page.getByLabel('Permission').selectOption('sending');
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = await page.locator('#new-key').innerText();
    expect(shown).toMatch(/^mp_[0-9a-z]{26}_[A-Za-z0-9_-]{43}$/);
    expect(page.url()).not.toContain(shown);
    await page.screenshot({ path: path.join(ARTIFACTS, 'api-keys-created.png'), fullPage: true });
    const test = await request(run.platform.url).post('/emails/test').set(auth(shown)).send({ to: 'r@example.org' }).expect(202);
    expectContract(test, 'sendTestEmail');
    await page.goto(`${run.platform.dashboardUrl}/api-keys`);
    expect(await page.content()).not.toContain(shown);
    const row = page.locator('tr', { hasText: 'ci deploys' });
    expect(await row.locator('.pill').innerText()).toBe('sending');
    await row.getByRole('checkbox').check();
    await row.getByRole('button', { name: 'Revoke ci deploys' }).click();
    await page.getByRole('status').filter({ hasText: 'Key revoked' }).waitFor();
    expect(await page.locator('tr', { hasText: 'ci deploys' }).count()).toBe(0);
    await page.close();
  });

  it('when the keyboard alone is used, then sign-in works and the skip link leads to the content', async () => {
    const t = await tenantWithDomain(run.platform);
    const page = await run.browser.newPage();
    await page.goto(`${run.platform.dashboardUrl}/sign-in`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement && document.activeElement.textContent')).toBe('Skip to content');
    await page.getByLabel('API key').focus();
    await page.keyboard.type(t.key);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/overview$/);
    await page.screenshot({ path: path.join(ARTIFACTS, 'overview-keyboard.png'), fullPage: true });
    await page.close();
  });
});
