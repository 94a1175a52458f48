import { existsSync } from 'node:fs';
import request from 'supertest';
import { chromium, type Browser } from 'playwright-core';
import { auth, headerOf, tenantWithDomain } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available && process.env.CI === 'true') throw new Error(`${CHROMIUM} is required under CI for the unsubscribe page test`);
if (!available) console.warn(`${CHROMIUM} is not installed: the unsubscribe page is NOT tested in a browser in this run`);

(available ? describe : describe.skip)('the unsubscribe page in a real browser', () => {
  let platform: TestPlatform;
  let browser: Browser;
  beforeAll(async () => {
    platform = await startTestPlatform();
    // Flags from this machine's notes: no sandbox as root, and no background network (there is none).
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await platform.stop();
  });

  it('when a recipient opens the link on a phone and presses the button, then they see the confirmation and are suppressed', async () => {
    const t = await tenantWithDomain(platform);
    const sent = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ from: `news@${t.domain}`, to: 'phone@example.org', subject: 'Hi', text: 'x' });
    const received = await platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === sent.body.id);
    const link = new URL(/^<([^>]+)>$/.exec(headerOf(received, 'List-Unsubscribe') as string)![1]);

    const page = await browser.newPage({ viewport: { width: 375, height: 667 }, isMobile: true });
    await page.goto(`${platform.url}${link.pathname}${link.search}`);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.textContent('h1')).toBe('Unsubscribe?');
    const button = page.getByRole('button', { name: 'Unsubscribe' });
    const box = await button.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: '/tmp/unsubscribe-page.png' });
    expect((await request(platform.url).get('/suppressions').set(auth(t.key))).body.total).toBe(0);

    await button.click();
    await page.waitForSelector('h1[role="status"]');
    expect(await page.textContent('h1')).toBe('You are unsubscribed');
    expect(page.url()).toBe(`${platform.url}/unsubscribe`);
    await page.screenshot({ path: '/tmp/unsubscribe-done.png' });
    const listed = await request(platform.url).get('/suppressions').set(auth(t.key));
    expect(listed.body.data).toEqual([
      expect.objectContaining({ email: 'phone@example.org', reason: 'unsubscribed', messageId: sent.body.id }),
    ]);
  }, 60_000);
});
