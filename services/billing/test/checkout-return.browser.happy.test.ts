import request from 'supertest';
import { describeInBrowser, platformInBrowser } from '../../../test/support/browser';
import { auth } from '../../../test/support/mail';

describeInBrowser('checkout return page')('the checkout return page in a real browser', () => {
  const run = platformInBrowser();

  it('when a customer pays on the hosted checkout from a phone, then they land on a page that says the payment went through, with no key', async () => {
    const { key } = await run.platform.newTenant();
    const opened = await request(run.platform.url).post('/billing/checkout').set(auth(key)).send({ plan: 'starter' });

    const page = await run.browser.newPage({ viewport: { width: 375, height: 667 }, isMobile: true });
    await page.goto(opened.body.checkoutUrl);
    await page.getByRole('button', { name: 'Paid' }).click();
    await page.waitForSelector('h1[role="status"]');
    expect(new URL(page.url()).pathname).toBe('/billing/return');
    expect(await page.textContent('h1')).toBe('Payment received');
    expect(await page.textContent('main')).toContain('Starter plan is active');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    const box = await page.locator('main').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: '/tmp/checkout-return-page.png' });
  }, 60_000);
});
