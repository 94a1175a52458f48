import request from 'supertest';
import { describeInBrowser, platformInBrowser } from '../../../test/support/browser';
import { auth, headerOf, tenantWithDomain } from '../../../test/support/mail';

describeInBrowser('unsubscribe page')('the unsubscribe page in a real browser', () => {
  const run = platformInBrowser();

  it('when a recipient opens the link on a phone and presses the button, then they see the confirmation and are suppressed', async () => {
    const t = await tenantWithDomain(run.platform);
    const sent = await request(run.platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ from: `news@${t.domain}`, to: 'phone@example.org', subject: 'Hi', text: 'x' });
    const received = await run.platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === sent.body.id);
    const link = new URL(/^<([^>]+)>$/.exec(headerOf(received, 'List-Unsubscribe') as string)![1]);

    const page = await run.browser.newPage({ viewport: { width: 375, height: 667 }, isMobile: true });
    await page.goto(`${run.platform.url}${link.pathname}${link.search}`);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.textContent('h1')).toBe('Unsubscribe?');
    const button = page.getByRole('button', { name: 'Unsubscribe' });
    const box = await button.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: '/tmp/unsubscribe-page.png' });
    expect((await request(run.platform.url).get('/suppressions').set(auth(t.key))).body.total).toBe(0);

    await button.click();
    await page.waitForSelector('h1[role="status"]');
    expect(await page.textContent('h1')).toBe('You are unsubscribed');
    expect(page.url()).toBe(`${run.platform.url}/unsubscribe`);
    await page.screenshot({ path: '/tmp/unsubscribe-done.png' });
    const listed = await request(run.platform.url).get('/suppressions').set(auth(t.key));
    expect(listed.body.data).toEqual([
      expect.objectContaining({ email: 'phone@example.org', reason: 'unsubscribed', messageId: sent.body.id }),
    ]);
  }, 60_000);
});
