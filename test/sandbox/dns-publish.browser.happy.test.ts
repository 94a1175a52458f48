import request from 'supertest';
import { expectContract } from '../support/contract';
import { describeInBrowser, platformInBrowser } from '../support/browser';
import { auth } from '../support/mail';

describeInBrowser('sandbox DNS page')('publishing an identity from the sandbox page, in a real browser', () => {
  const run = platformInBrowser();

  it('when a developer pastes their key and presses the button of a new identity, then verification through the real DNS lookup succeeds', async () => {
    const { key } = await run.platform.newTenant();
    const created = await request(run.platform.url).post('/identities').set(auth(key)).send({ domain: 'shop.example.test' });
    const before = await request(run.platform.url).post(`/identities/${created.body.id}/verify`).set(auth(key));
    expect(before.body.status).toBe('failed');

    const page = await run.browser.newPage();
    await page.goto(run.platform.sandbox.pageUrl);
    await page.getByRole('link', { name: /Publish an identity/ }).click();
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'List identities' }).click();
    const dkim = created.body.dnsRecords.find((r: { purpose: string }) => r.purpose === 'dkim');
    expect(await page.textContent('body')).toContain(dkim.name);
    await page.getByRole('button', { name: 'Publish records of shop.example.test' }).click();
    expect(await page.getByRole('status').textContent()).toContain('Published the records of shop.example.test');
    expect(await page.textContent('pre')).toContain(`/identities/${created.body.id}/verify`);
    await page.screenshot({ path: '/tmp/sandbox-dns-page.png' });

    const verified = await request(run.platform.url).post(`/identities/${created.body.id}/verify`).set(auth(key));
    expectContract(verified, 'verifyIdentity');
    expect(verified.body.status).toBe('verified');
  }, 60_000);

  it('when the pasted key is not a valid API key, then the page says the API refused it and lists nothing', async () => {
    const page = await run.browser.newPage();
    await page.goto(`${run.platform.sandbox.pageUrl}dns`);
    await page.getByLabel('API key').fill('mp_live_not-a-key');
    await page.getByRole('button', { name: 'List identities' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('The API answered 401');
    expect(await page.getByRole('button', { name: /Publish records/ }).count()).toBe(0);
  }, 60_000);
});
