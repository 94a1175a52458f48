import path from 'node:path';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { simpleParser } from 'mailparser';
import { artifactsDir, describeInBrowser, pageErrors, platformInBrowser, signInWithKey } from '../../../test/support/browser';
import { eventually } from '../../../test/support/eventually';
import { auth, headerOf, tenantWithDomain } from '../../../test/support/mail';

const ARTIFACTS = artifactsDir('dashboard');

describeInBrowser('templates and tracking pages')('templates and tracking in a real browser', () => {
  const run = platformInBrowser({ SEND_RATE_LIMIT: '1000', TRACKING_MACHINE_WINDOW_SECONDS: '0' });

  async function signedIn(key: string): Promise<Page & { problems: string[] }> {
    const page = await run.browser.newPage({ viewport: { width: 1300, height: 1000 } });
    const problems = pageErrors(page);
    await signInWithKey(page, run.platform.dashboardUrl, key);
    return Object.assign(page, { problems });
  }

  it('when a tenant writes a template, previews it with sample variables, publishes, edits and publishes again, then the history lists both versions', async () => {
    const t = await tenantWithDomain(run.platform);
    const page = await signedIn(t.key);
    await page.getByRole('link', { name: 'Templates' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Welcome');
    await page.getByLabel(/^Alias/).fill('welcome');
    await page.getByLabel('Subject', { exact: true }).fill('Hello {{ name }}');
    await page.getByLabel('HTML', { exact: true }).fill('<h1>Hi {{ name }}</h1><p>{% for i in items %}{{ i }} {% endfor %}</p>');
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.getByRole('status').filter({ hasText: 'Template created as a draft' }).waitFor();
    expect(await page.locator('#missing-variables').innerText()).toBe('name, items');

    await page.getByLabel('Sample variables (JSON)', { exact: true }).fill('{"name": "Ada <3", "items": ["tea", "cake"]}');
    await page.getByRole('button', { name: 'Preview' }).click();
    expect(await page.locator('#preview-subject').innerText()).toBe('Hello Ada <3');
    expect(await page.locator('#preview-verdict').innerText()).toContain('would be accepted');
    const frame = page.frameLocator('iframe[title="HTML preview"]');
    expect(await frame.locator('h1').innerText()).toBe('Hi Ada <3');
    await page.screenshot({ path: path.join(ARTIFACTS, 'template-editor.png'), fullPage: true });

    await page.getByRole('button', { name: 'Publish draft' }).click();
    await page.getByRole('status').filter({ hasText: 'Published as version 1' }).waitFor();
    await page.getByLabel('Subject', { exact: true }).fill('Welcome aboard, {{ name }}');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('status').filter({ hasText: 'Draft saved' }).waitFor();
    expect(await page.locator('#preview-subject').innerText()).toBe('Welcome aboard, Ada <3');
    await page.getByRole('button', { name: 'Publish draft' }).click();
    await page.getByRole('status').filter({ hasText: 'Published as version 2' }).waitFor();
    expect(await page.getByRole('link', { name: /^Version \d$/ }).allInnerTexts()).toEqual(['Version 2', 'Version 1']);

    await page.getByRole('link', { name: 'Version 1' }).click();
    await page.getByRole('heading', { name: 'Welcome, version 1' }).waitFor();
    expect(await page.locator('pre').first().innerText()).toBe('Hello {{ name }}');
    await page.screenshot({ path: path.join(ARTIFACTS, 'template-version.png'), fullPage: true });
    expect(page.problems).toEqual([]);
    await page.close();
  }, 90_000);

  it('when a tracked templated email is opened and clicked, then its page names the template and counts people apart from machines, and the overview shows the rates', async () => {
    const t = await tenantWithDomain(run.platform);
    const page = await signedIn(t.key);
    await page.goto(`${run.platform.dashboardUrl}/identities/${t.identity.id}`);
    await page.getByLabel('Track opens', { exact: true }).check();
    await page.getByLabel('Track clicks', { exact: true }).check();
    await page.getByLabel(/^Tracking domain/).fill(`track.${t.domain}`);
    await page.getByRole('button', { name: 'Save tracking' }).click();
    await page.getByRole('status').filter({ hasText: 'Tracking settings saved' }).waitFor();
    expect(await page.getByRole('row', { name: /tracking CNAME/ }).innerText()).toContain(`track.${t.domain}`);
    expect(await page.getByLabel('Track opens', { exact: true }).isChecked()).toBe(true);

    const created = await request(run.platform.url)
      .post('/templates')
      .set(auth(t.key))
      .send({ name: 'Shipped', alias: 'shipped', subject: 'Order {{ n }}', html: '<a href="https://shop.example.com/o">Track</a>' });
    await request(run.platform.url).post(`/templates/${created.body.id}/publish`).set(auth(t.key)).expect(200);
    const sent = await request(run.platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ from: `shop@${t.domain}`, to: 'reader@example.org', template: 'shipped', variables: { n: 7 } });
    const received = await run.platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === sent.body.id);
    const html = (await simpleParser(received.raw)).html as string;
    const reader = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36';
    await fetch(/href="([^"]+)"/.exec(html)![1], { redirect: 'manual', headers: { 'user-agent': reader } });
    await fetch(/<img src="([^"]+)"/.exec(html)![1], { headers: { 'user-agent': reader } });
    await fetch(/<img src="([^"]+)"/.exec(html)![1], { headers: { 'user-agent': 'Mozilla/5.0' } });
    await eventually(
      async () => (await request(run.platform.url).get(`/emails/${sent.body.id}`).set(auth(t.key))).body.engagement.machineOpens === 1,
      'the opens recorded',
    );

    await page.goto(`${run.platform.dashboardUrl}/emails/${sent.body.id}`);
    expect(await page.getByRole('link', { name: 'shipped, version 1' }).getAttribute('href')).toContain(
      `/templates/${created.body.id}/versions/1`,
    );
    const facts = await page.locator('#engagement').innerText();
    expect(facts).toContain('1 by people, 1 by machines');
    expect(facts).toContain('1 by people, 0 by machines');
    await page.screenshot({ path: path.join(ARTIFACTS, 'email-engagement.png'), fullPage: true });

    await page.goto(`${run.platform.dashboardUrl}/overview`);
    await page.locator('#chart canvas').waitFor();
    const today = new Date().toISOString().slice(0, 10);
    const row = page.locator('#daily tr', { has: page.locator(`th:text("${today}")`) });
    // sent, bounced, complained, open rate %, click rate %, machine opens
    expect(await row.locator('td').allInnerTexts()).toEqual(['1', '0', '0', '100', '100', '1']);
    await page.screenshot({ path: path.join(ARTIFACTS, 'overview-rates.png'), fullPage: true });
    expect(page.problems).toEqual([]);
    await page.close();
  }, 90_000);
});
