// `npm run screenshots`: every dashboard page of a tenant with some data, at 1280 and 375 px, as PNGs in screenshots/
// (git-ignored), from the tests' embedded platform (fresh data dir, sandbox servers) and Debian's Chromium.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium, signInWithKey } from '../test/support/browser';
import { dashboardPages, dashboardTenant, emptyPages } from '../test/support/dashboard-tenant';
import { startTestPlatform, type TestPlatform } from '../test/support/platform';
import { startWebhookReceiver } from '../test/support/webhook-receiver';

const OUT = path.join(__dirname, '..', 'screenshots');
const WIDTHS = [1280, 375] as const;
// SCREENSHOTS_SCHEME=dark shows the dark theme instead (files named `-dark`).
const SCHEME = process.env.SCREENSHOTS_SCHEME === 'dark' ? 'dark' : 'light';
const SUFFIX = SCHEME === 'dark' ? '-dark' : '';

async function shoot(browser: Browser, platform: TestPlatform, key: string, pages: [string, string][]) {
  const wide: string[] = [];
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: SCHEME });
    const page = await context.newPage();
    await page.goto(`${platform.dashboardUrl}/sign-in`);
    await page.screenshot({ path: path.join(OUT, `sign-in-${width}${SUFFIX}.png`), fullPage: true });
    await signInWithKey(page, platform.dashboardUrl, key);
    for (const [name, url] of pages) {
      await page.goto(`${platform.dashboardUrl}${url}`);
      await page.waitForLoadState('load');
      if (url === '/overview') await page.waitForTimeout(300);
      const scroll = Number(await page.evaluate('document.documentElement.scrollWidth'));
      if (scroll > width) wide.push(`${name} at ${width} px is ${scroll} px wide`);
      await page.screenshot({ path: path.join(OUT, `${name}-${width}${SUFFIX}.png`), fullPage: true });
    }
    await context.close();
  }
  return wide;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const platform = await startTestPlatform({ SEND_RATE_LIMIT: '1000' });
  const receiver = await startWebhookReceiver();
  const browser = await launchChromium();
  try {
    const data = await dashboardTenant(platform, receiver.url);
    const empty = await platform.newTenant('New tenant');
    const wide = [
      ...(await shoot(browser, platform, data.key, dashboardPages(data))),
      ...(await shoot(browser, platform, empty.key, emptyPages)),
    ];
    console.log(`Screenshots written to ${OUT}`);
    if (wide.length) {
      console.error(`Pages wider than the screen:\n  ${wide.join('\n  ')}`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await receiver.stop();
    await platform.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
