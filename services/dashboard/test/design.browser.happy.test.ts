import { describeInBrowser, overflowing, platformInBrowser, signInWithKey, violationsOf } from '../../../test/support/browser';
import { dashboardPages, dashboardTenant, emptyPages } from '../../../test/support/dashboard-tenant';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver';

describeInBrowser('dashboard design')('every dashboard page, wide and narrow, light and dark', () => {
  const run = platformInBrowser({ SEND_RATE_LIMIT: '1000' });
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver?.stop());

  it.each([
    [1280, 'light'],
    [375, 'dark'],
  ] as const)(
    'when a tenant with data opens each page at %i px in %s mode, then axe-core finds no violation, nothing scrolls sideways and no element has an inline style',
    async (width, colorScheme) => {
      const t = await dashboardTenant(run.platform, receiver.url, `shop${width}.example.com`);
      const empty = await run.platform.newTenant('New tenant');
      const found: Record<string, string[]> = {};
      for (const [key, pages] of [
        [t.key, dashboardPages(t)],
        [empty.key, emptyPages],
      ] as const) {
        const context = await run.browser.newContext({ viewport: { width, height: 800 }, colorScheme });
        const page = await context.newPage();
        await page.goto(`${run.platform.dashboardUrl}/sign-in`);
        found['sign-in'] = await violationsOf(page);
        await signInWithKey(page, run.platform.dashboardUrl, key);
        for (const [name, path] of pages) {
          await page.goto(`${run.platform.dashboardUrl}${path}`);
          const problems = await violationsOf(page);
          const scrollWidth = Number(await page.evaluate('document.documentElement.scrollWidth'));
          if (scrollWidth > width) problems.push(`${scrollWidth} px wide: ${await overflowing(page)}`);
          const styled = Number(await page.evaluate('document.querySelectorAll("[style]:not(.uplot *):not(.uplot)").length'));
          if (styled) problems.push(`${styled} elements with a style attribute`);
          found[name] = problems;
        }
        await context.close();
      }
      expect(Object.entries(found).filter(([, problems]) => problems.length)).toEqual([]);
    },
    120_000,
  );

  it('when a narrow screen opens the menu, then every page is one tap away and the current one is marked', async () => {
    const { key } = await run.platform.newTenant();
    const page = await run.browser.newPage({ viewport: { width: 375, height: 800 } });
    await signInWithKey(page, run.platform.dashboardUrl, key);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Webhooks' }).isVisible()).toBe(false);
    await nav.getByText('Menu').click();
    await nav.getByRole('link', { name: 'Webhooks' }).click();
    await page.waitForURL(/\/webhooks$/);
    await nav.getByText('Menu').click();
    expect(await nav.locator('[aria-current="page"]').innerText()).toBe('Webhooks');
    await page.close();
  });
});
