import path from 'node:path';
import request from 'supertest';
import { artifactsDir, describeInBrowser, pageErrors, platformInBrowser, signInWithKey } from '../../../test/support/browser';

const ARTIFACTS = artifactsDir('dashboard');
const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

describeInBrowser('dashboard audit log')('the audit log page in a real browser', () => {
  const run = platformInBrowser();

  it('when a tenant opens the audit log, then each change shows who made it, what and to which target, and a filter narrows it to one target', async () => {
    const { key } = await run.platform.newTenant();
    const made = await request(run.platform.url).post('/api-keys').set(auth(key)).send({ name: 'CI deploys' });
    await request(run.platform.url).delete(`/api-keys/${made.body.id}`).set(auth(key)).expect(204);

    const page = await run.browser.newPage({ viewport: { width: 1200, height: 900 } });
    const problems = pageErrors(page);
    await signInWithKey(page, run.platform.dashboardUrl, key);
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
