import { document, operations } from '@mailplane/contracts';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describeInBrowser, overflowing, pageErrors, platformInBrowser, violationsOf } from '../../../test/support/browser';

describeInBrowser('API reference page')('the API reference page in a real browser', () => {
  const run = platformInBrowser();

  it('when a developer opens /docs without a key, then every operation of the contract is listed, with nothing loaded from elsewhere and nothing blocked', async () => {
    const page = await run.browser.newPage();
    const problems: string[] = [];
    const requested: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (req) => requested.push(req.url()));

    await page.goto(`${run.platform.url}/docs`);
    await page.waitForSelector('.opblock-summary-operation-id');
    const shown = await page.$$eval('.opblock', (blocks) =>
      blocks.map((block) => ({
        operationId: block.querySelector('.opblock-summary-operation-id')?.textContent?.trim(),
        method: block.querySelector('.opblock-summary-method')?.textContent?.trim().toLowerCase(),
        path: block.querySelector('.opblock-summary-path')?.getAttribute('data-path'),
      })),
    );

    const expected = operations.map(({ operationId, method, path }) => ({ operationId, method, path }));
    const outbound = Object.entries(document.webhooks ?? {}).map(([name, item]) => ({
      operationId: (item as { post: { operationId: string } }).post.operationId,
      method: 'post',
      path: name,
    }));
    expect(shown).toHaveLength(expected.length + outbound.length);
    expect(shown).toEqual(expect.arrayContaining([...expected, ...outbound]));
    expect(await page.textContent('.info .title')).toContain(document.info.title);
    expect(problems).toEqual([]);
    expect(requested.filter((url) => new URL(url).origin !== new URL(run.platform.url).origin)).toEqual([]);
    await page.screenshot({ path: '/tmp/docs-page.png' });
  }, 60_000);

  it('when a developer opens POST /emails, then its curl and Node SDK samples and its example body are shown, under the same CSP', async () => {
    const page = await run.browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto(`${run.platform.url}/docs#/Emails/sendEmail`);
    const block = page.locator('#operations-Emails-sendEmail');
    await block.locator('.code-samples').waitFor();
    expect(await block.locator('.code-sample figcaption').allTextContents()).toEqual(['curl', 'Node SDK']);
    const [curl, node] = await block.locator('.code-sample-source').allTextContents();
    expect(curl).toMatch(/^curl -X POST 'http:\/\/localhost:8080\/emails'/);
    expect(curl).toContain('Authorization: Bearer $MAILPLANE_API_KEY');
    expect(node).toContain('await mailplane.emails.send({');
    // The request body's example, not a value Swagger UI makes up from the schema.
    expect(await block.locator('.body-param__example, .opblock-section-request-body').first().textContent()).toContain(
      'receipts@mail.example.com',
    );
    expect(problems).toEqual([]);
    await block.screenshot({ path: '/tmp/docs-send-email.png' });
  }, 60_000);

  it('when a reader opens every guide at 375 px in dark mode, then axe-core finds no violation and nothing but code scrolls sideways', async () => {
    const names = readdirSync(path.join(__dirname, '..', '..', '..', 'docs', 'guides')).filter((file) => file.endsWith('.md'));
    const context = await run.browser.newContext({ viewport: { width: 375, height: 800 }, colorScheme: 'dark' });
    const page = await context.newPage();
    const errors = pageErrors(page);
    const found: Record<string, string[]> = {};
    for (const file of names) {
      const url = file === 'README.md' ? '/docs/guides' : `/docs/guides/${file.slice(0, -3)}`;
      await page.goto(`${run.platform.url}${url}`);
      const problems = await violationsOf(page);
      const scrollWidth = Number(await page.evaluate('document.documentElement.scrollWidth'));
      if (scrollWidth > 375) problems.push(`${scrollWidth} px wide: ${await overflowing(page)}`);
      found[url] = problems;
    }
    await context.close();
    expect(Object.entries(found).filter(([, problems]) => problems.length)).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);
});
