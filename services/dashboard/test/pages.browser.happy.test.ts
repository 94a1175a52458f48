import { readFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { subscribedTenant } from '../../../test/support/billing';
import { artifactsDir, describeInBrowser, pageErrors, platformInBrowser, signInWithKey } from '../../../test/support/browser';
import { eventually } from '../../../test/support/eventually';
import { auth, tenantWithDomain, waitForStatus } from '../../../test/support/mail';
import { startWebhookReceiver } from '../../../test/support/webhook-receiver';

const ARTIFACTS = artifactsDir('dashboard');

describeInBrowser('dashboard pages')('the dashboard pages in a real browser', () => {
  // An endpoint failing thrice in a row is paused; briefly here.
  const run = platformInBrowser({ SEND_RATE_LIMIT: '1000', WEBHOOK_RETRY_SCHEDULE: '50ms', WEBHOOK_ENDPOINT_PAUSES: '50ms' });

  async function signedIn(key: string): Promise<Page & { problems: string[] }> {
    const page = await run.browser.newPage({ viewport: { width: 1200, height: 900 } });
    const problems = pageErrors(page);
    await signInWithKey(page, run.platform.dashboardUrl, key);
    return Object.assign(page, { problems });
  }

  it("when a tenant opens the overview, then metric cards, today's counts drawn as a chart and listed in the table, and this month's usage", async () => {
    const t = await tenantWithDomain(run.platform);
    const sent = await request(run.platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ from: `a@${t.domain}`, to: 'r@example.org', subject: 'counted', text: 'x' });
    await waitForStatus(run.platform.url, t.key, sent.body.id, 'sent');
    const page = await signedIn(t.key);
    await page.locator('#chart canvas').waitFor();
    const today = new Date().toISOString().slice(0, 10);
    const row = page.locator('#daily tr', { has: page.locator(`th:text("${today}")`) });
    expect(await row.locator('td').allInnerTexts()).toEqual(['1', '0', '0', '0', '0', '0']);
    expect(await page.getByRole('progressbar', { name: 'Monthly quota used' }).getAttribute('value')).toBe('1');
    await page.screenshot({ path: path.join(ARTIFACTS, 'overview.png'), fullPage: true });
    expect(page.problems).toEqual([]);
    await page.close();
  });

  it('when an endpoint failed a delivery, then the log shows each attempt with its status and response, and a redelivery succeeds; the secret is shown once and rotated', async () => {
    const t = await tenantWithDomain(run.platform);
    const receiver = await startWebhookReceiver();
    try {
      // Two events (queued, sent), each tried twice: all four attempts fail.
      receiver.answerNext(500, {}, 4, 'down for maintenance');
      const page = await signedIn(t.key);
      await page.getByRole('link', { name: 'Webhooks' }).click();
      await page.getByLabel('Endpoint URL').fill(receiver.url);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const secret = await page.locator('#secret').innerText();
      expect(secret).toMatch(/^whsec_/);
      const endpointUrl = await page.getByRole('link', { name: '← Webhooks' }).getAttribute('href');
      expect(endpointUrl).not.toContain(secret);

      const res = await request(run.platform.url)
        .post('/emails')
        .set(auth(t.key))
        .send({ from: `a@${t.domain}`, to: 'r@example.org', subject: 'hooked', text: 'x' });
      await waitForStatus(run.platform.url, t.key, res.body.id, 'sent');
      const endpoints = (await request(run.platform.url).get('/webhooks/endpoints').set(auth(t.key))).body.data;
      await eventually(async () => {
        const log = await request(run.platform.url)
          .get(`/webhooks/endpoints/${endpoints[0].id}/deliveries`)
          .query({ status: 'failed' })
          .set(auth(t.key));
        return log.body.total === 2;
      }, 'both deliveries to fail');
      await page.goto(`${run.platform.dashboardUrl}/webhooks/${endpoints[0].id}?status=failed`);
      const failed = page.locator('tbody tr').first();
      expect(await failed.innerText()).toContain('500');
      expect(await failed.innerText()).toContain('down for maintenance');
      await page.screenshot({ path: path.join(ARTIFACTS, 'webhook-failed.png'), fullPage: true });
      const before = receiver.received.length;
      await failed.getByRole('button', { name: /^Redeliver/ }).click();
      await page.getByRole('status').filter({ hasText: 'queued again' }).waitFor();
      await receiver.waitFor(before + 1);
      await eventually(async () => {
        await page.goto(`${run.platform.dashboardUrl}/webhooks/${endpoints[0].id}?status=succeeded`);
        return (await page.locator('tbody tr').count()) > 0;
      }, 'the redelivery to succeed');

      await page.goto(`${run.platform.dashboardUrl}/emails/${res.body.id}`);
      const events = page.locator('table', { has: page.locator('th', { hasText: 'Last answer' }) });
      expect(await events.locator('tbody tr').allInnerTexts()).toEqual([
        expect.stringMatching(/^email\.queued/),
        expect.stringMatching(/^email\.sent/),
      ]);
      await page.goto(`${run.platform.dashboardUrl}/webhooks/${endpoints[0].id}`);
      // Edit: only email.failed from now on, then disable.
      await page.getByLabel('every event').uncheck();
      await page.getByLabel('email.failed').check();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Endpoint saved' }).waitFor();
      await page.getByRole('button', { name: 'Disable' }).click();
      await page.getByRole('button', { name: 'Enable' }).waitFor();
      const saved = (await request(run.platform.url).get(`/webhooks/endpoints/${endpoints[0].id}`).set(auth(t.key))).body;
      expect(saved).toMatchObject({ eventTypes: ['email.failed'], disabled: true });
      await page.getByRole('button', { name: 'Rotate secret' }).click();
      const rotated = await page.locator('#secret').innerText();
      expect(rotated).toMatch(/^whsec_/);
      expect(rotated).not.toBe(secret);
      await page.reload();
      expect(await page.content()).not.toContain(rotated);
      await page.close();
    } finally {
      await receiver.stop();
    }
  });

  it('when a tenant suppresses an address, searches for it and removes it, then the list follows', async () => {
    const { key } = await run.platform.newTenant();
    const page = await signedIn(key);
    await page.getByRole('link', { name: 'Suppressions' }).click();
    await page.getByLabel('Address').fill('noisy@example.org');
    await page.getByRole('button', { name: 'Add suppression' }).click();
    await page.getByRole('status').filter({ hasText: 'Address suppressed' }).waitFor();
    await page.getByLabel('Search').fill('noisy');
    await page.getByRole('button', { name: 'Search' }).click();
    expect(await page.locator('tbody tr').allInnerTexts()).toEqual([expect.stringContaining('noisy@example.org')]);
    await page.screenshot({ path: path.join(ARTIFACTS, 'suppressions.png'), fullPage: true });
    await page.getByRole('button', { name: 'Remove noisy@example.org' }).click();
    await page.getByRole('status').filter({ hasText: 'removed' }).waitFor();
    expect((await request(run.platform.url).get('/suppressions').set(auth(key))).body.total).toBe(0);
    await page.close();
  });

  it('when a subscriber upgrades, then the quoted amount is shown, and charged once the subscriber consents; a downgrade is pending until withdrawn; cancel ends the subscription', async () => {
    const { key, customerId } = await subscribedTenant(run.platform, 'starter');
    const quote = (await request(run.platform.url).post('/billing/upgrade/quote').set(auth(key)).send({ plan: 'growth' }).expect(200)).body;
    const charges = () => run.platform.sandbox.provider.payments().filter((p) => p.customerId === customerId).length;
    const before = charges();

    const page = await signedIn(key);
    await page.getByRole('link', { name: 'Billing' }).click();
    await page.getByRole('link', { name: 'Upgrade to Growth' }).click();
    const amount = `${(quote.amountCents / 100).toFixed(2)} ${quote.currency}`;
    expect(await page.locator('#amount').innerText()).toBe(amount);
    await page.screenshot({ path: path.join(ARTIFACTS, 'billing-upgrade.png'), fullPage: true });
    expect(charges()).toBe(before);
    await page.getByLabel(`I agree to be charged ${amount} now`).check();
    await page.getByRole('button', { name: `Upgrade and pay ${amount}` }).click();
    await page.getByRole('status').filter({ hasText: 'Upgraded to growth' }).waitFor();
    expect(charges()).toBe(before + 1);
    const charge = run.platform.sandbox.provider
      .payments()
      .filter((p) => p.customerId === customerId)
      .at(-1)!;
    expect(charge.amount.value).toBe((quote.amountCents / 100).toFixed(2));

    await page.getByRole('button', { name: 'Downgrade to Starter' }).click();
    await page.getByRole('status').filter({ hasText: 'Downgrade scheduled' }).waitFor();
    expect(await page.locator('.facts').innerText()).toContain('downgrade to starter');
    await page.screenshot({ path: path.join(ARTIFACTS, 'billing-pending.png'), fullPage: true });
    await page.getByRole('button', { name: 'Withdraw the pending change' }).click();
    await page.getByRole('status').filter({ hasText: 'withdrawn' }).waitFor();
    await page.getByLabel('Cancel the subscription').check();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('status').filter({ hasText: 'Subscription canceled' }).waitFor();
    expect((await request(run.platform.url).get('/billing/state').set(auth(key))).body.cancelAtPeriodEnd).toBe(true);
    await page.close();
  });
  it('when a tenant opens API keys, then the SMTP settings are shown to copy, and a key made there sends over SMTP with them', async () => {
    const t = await tenantWithDomain(run.platform);
    const context = await run.browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await signInWithKey(page, run.platform.dashboardUrl, t.key);
    await page.getByRole('link', { name: 'API keys' }).click();
    const settings = page.getByRole('region', { name: 'SMTP settings' });
    const [host, port, tlsPort, user] = await Promise.all(
      ['#smtp-host', '#smtp-port', '#smtp-tls-port', '#smtp-user'].map((id) => settings.locator(id).innerText()),
    );
    expect({ host, port, tlsPort, user }).toEqual({
      host: 'localhost',
      port: new URL(run.platform.submission.url).port,
      tlsPort: new URL(run.platform.submission.tlsUrl).port,
      user: 'mailplane',
    });
    await settings
      .locator('dd', { has: page.locator('#smtp-port') })
      .getByRole('button', { name: 'Copy' })
      .click();
    await settings.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(port);
    await page.screenshot({ path: path.join(ARTIFACTS, 'api-keys-smtp.png'), fullPage: true });

    await page.getByLabel('Name').fill('smtp app');
    await page.getByLabel('Permission').selectOption('sending');
    await page.getByLabel('Sending domain').fill(t.domain);
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = await page.locator('#new-key').innerText();
    expect(await page.getByRole('row', { name: /smtp app/ }).textContent()).toContain(t.domain);
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: Number(port),
      requireTLS: true,
      auth: { user, pass: key },
      tls: { ca: [readFileSync(run.platform.submission.certFile!)], servername: host },
    });
    const info = await transport.sendMail({ from: `a@${t.domain}`, to: 'r@example.org', subject: 'from the settings', text: 'x' });
    transport.close();
    expect(info.response).toMatch(/^250 2\.0\.0 Ok: queued as msg_/);
    await context.close();
  });
});
