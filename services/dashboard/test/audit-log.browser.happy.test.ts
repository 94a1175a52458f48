import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import request from 'supertest';
import { describeInBrowser, launchChromium } from '../../../test/support/browser';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';

const ARTIFACTS = path.join(__dirname, '..', '..', '..', 'test-artifacts', 'dashboard');
const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

describeInBrowser('dashboard audit log')('the audit log page in a real browser', () => {
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

  it('when a tenant opens the audit log, then each change shows who made it, what and to which target, and a filter narrows it to one target', async () => {
    const { key } = await platform.newTenant();
    const made = await request(platform.url).post('/api-keys').set(auth(key)).send({ name: 'CI deploys' });
    await request(platform.url).delete(`/api-keys/${made.body.id}`).set(auth(key)).expect(204);

    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${platform.dashboardUrl}/sign-in`);
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/overview$/);
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL(/\/audit-log$/);

    const rows = page.locator('#audit-log tbody tr');
    expect(await rows.count()).toBe(3);
    const newest = await rows.first().locator('td').allInnerTexts();
    expect(newest[1]).toContain('Default key');
    expect(newest[2]).toBe('revokeApiKey');
    expect(newest[3]).toContain(made.body.id);

    await page.getByLabel('Target id').fill(made.body.id);
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/targetId=/);
    expect(await rows.locator('td:nth-child(3)').allInnerTexts()).toEqual(['revokeApiKey', 'createApiKey']);
    expect(await page.content()).not.toContain(made.body.key);
    await page.screenshot({ path: path.join(ARTIFACTS, 'audit-log.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });
});
