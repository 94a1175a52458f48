import request from 'supertest';
import { createTokenSigner } from '../src/unsubscribe/domain/token';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { deliveredWithLink, suppressedAddresses, tenantWithDomain } from '../../../test/support/mail';
import { UNSUBSCRIBE_SECRET, sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000' });
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('POST /unsubscribe', () => {
  it('when the token is tampered, expired, missing or two tokens disagree, then 400 and nobody is suppressed', async () => {
    const t = await tenantWithDomain(platform);
    const { token, id } = await deliveredWithLink(platform, t, 'keep@example.org');
    // The same signature over another recipient: the address is inside the signed part.
    const parts = token.split('.');
    parts[4] = Buffer.from('other@example.org').toString('base64url');
    const tampered = parts.join('.');
    const expired = createTokenSigner(UNSUBSCRIBE_SECRET).sign({
      tenantId: t.tenantId,
      messageId: id,
      email: 'keep@example.org',
      expiresAt: Math.floor(Date.now() / 1000) - 60,
    });
    for (const bad of [tampered, expired, 'u1.garbage']) {
      const res = await request(platform.url)
        .post(`/unsubscribe?token=${encodeURIComponent(bad)}`)
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .send('List-Unsubscribe=One-Click');
      expectProblem(res, 400, 'token_invalid', 'unsubscribe');
    }
    expectProblem(await request(platform.url).post('/unsubscribe').send({}), 400, 'validation_failed', 'unsubscribe');
    const mismatch = await request(platform.url)
      .post(`/unsubscribe?token=${encodeURIComponent(token)}`)
      .send({ token: expired });
    expectProblem(mismatch, 400, 'token_invalid', 'unsubscribe');
    expect(await suppressedAddresses(platform, t.key)).toEqual([]);
  });
});

describe('GET /unsubscribe', () => {
  it('when the token is tampered, then 400; when it expired, then 410; JSON clients get problems', async () => {
    const t = await tenantWithDomain(platform);
    const { token, id } = await deliveredWithLink(platform, t, 'late@example.org');
    const expired = createTokenSigner(UNSUBSCRIBE_SECRET).sign({
      tenantId: t.tenantId,
      messageId: id,
      email: 'late@example.org',
      expiresAt: Math.floor(Date.now() / 1000) - 1,
    });
    const tampered = `${token.slice(0, -2)}xx`;
    const bad = await request(platform.url)
      .get(`/unsubscribe?token=${encodeURIComponent(tampered)}`)
      .set('Accept', BROWSER_ACCEPT);
    expect(bad.status).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^text\/html/);
    expectContract(bad, 'showUnsubscribePage');
    const old = await request(platform.url)
      .get(`/unsubscribe?token=${encodeURIComponent(expired)}`)
      .set('Accept', BROWSER_ACCEPT);
    expect(old.status).toBe(410);
    expect(old.text).toContain('expired');
    expectProblem(
      await request(platform.url)
        .get(`/unsubscribe?token=${encodeURIComponent(expired)}`)
        .set('Accept', 'application/json'),
      410,
      'token_expired',
      'showUnsubscribePage',
    );
    expectProblem(await request(platform.url).get('/unsubscribe'), 400, 'validation_failed', 'showUnsubscribePage');
  });

  it('when a client did not ask for HTML (*/*, curl, no Accept), then a refused token is a problem, not a page', async () => {
    const path = `/unsubscribe?token=${encodeURIComponent('u1.not.a.token')}`;
    expectProblem(await request(platform.url).get(path).set('Accept', '*/*'), 400, 'token_invalid', 'showUnsubscribePage');
    expectProblem(await request(platform.url).get(path), 400, 'token_invalid', 'showUnsubscribePage');
    const html = await request(platform.url).get(path).set('Accept', 'application/json;q=0.5, text/html');
    expect(html.headers['content-type']).toMatch(/^text\/html/);
  });
});
