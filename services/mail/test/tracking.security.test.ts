import request from 'supertest';
import { simpleParser } from 'mailparser';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { collectEvents } from '../../../test/support/events';
import { eventually } from '../../../test/support/eventually';
import { auth, headerOf, tenantWithDomain } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { MAX_EVENTS_PER_MESSAGE } from '../src/domain/tracking/record-engagement';
import { clickToken, messageKey, openToken } from '../src/tracking/tokens';

let platform: TestPlatform;
let t: Awaited<ReturnType<typeof tenantWithDomain>>;
let link: URL;
let image: URL;
let messageId: string;

beforeAll(async () => {
  platform = await startTestPlatform({ SEND_RATE_LIMIT: '1000' });
  t = await tenantWithDomain(platform);
  await request(platform.url)
    .patch(`/identities/${t.identity.id}`)
    .set(auth(t.key))
    .send({ tracking: { opens: true, clicks: true } })
    .expect(200);
  const sent = await request(platform.url)
    .post('/emails')
    .set(auth(t.key))
    .send({ from: `a@${t.domain}`, to: 'b@example.org', subject: 'Links', html: '<a href="https://good.example.com/page">Go</a>' });
  messageId = sent.body.id;
  const received = await platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === messageId);
  const html = (await simpleParser(received.raw)).html as string;
  link = new URL(/href="([^"]+)"/.exec(html)![1]);
  image = new URL(/<img src="([^"]+)"/.exec(html)![1]);
});
afterAll(() => platform.stop());

const token = (url: URL) => url.pathname.split('/').pop() as string;
const click = (tokenText: string) => request(platform.url).get(`/track/click/${tokenText}`);
const engagement = async () => (await request(platform.url).get(`/emails/${messageId}`).set(auth(t.key))).body.engagement;

describe('the redirect goes only where a link was signed to go', () => {
  it('when the genuine link is followed without any key, then 302 to its URL', async () => {
    const res = await click(token(link));
    expectContract(res, 'followTrackedLink');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('https://good.example.com/page');
    expect(res.headers['cache-control']).toBe('no-store, private');
    const pixel = await request(platform.url).get(image.pathname);
    expect(pixel.status).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
  });

  it.each([
    [
      'its URL swapped for another',
      () => {
        const parts = token(link).split('.');
        parts[3] = Buffer.from('https://evil.example.net/phish').toString('base64url');
        return parts.join('.');
      },
    ],
    ['its signature changed', () => `${token(link).slice(0, -2)}${token(link).endsWith('AA') ? 'BB' : 'AA'}`],
    ['another tenant named', () => token(link).replace(t.tenantId, 'ten_00000000000000000000000000')],
    [
      'a signature made with another secret (a foreign link)',
      () => {
        const claim = { tenantId: t.tenantId, messageId };
        return clickToken(
          messageKey('someone-elses-secret-0123456789abcdefgh', claim.tenantId, messageId),
          claim,
          'https://evil.example.net/',
        );
      },
    ],
    ['the open image token', () => token(image)],
    ['no signature at all', () => `c1.${t.tenantId}.${messageId}.${Buffer.from('https://evil.example.net/').toString('base64url')}`],
  ])('when the link has %s, then 400 tracking_link_invalid and no redirect', async (_label, forge) => {
    const res = await click(forge());
    expectProblem(res, 400, 'tracking_link_invalid', 'followTrackedLink');
    expect(res.headers.location).toBeUndefined();
  });

  it('when an open image is forged for the message, then 400 and no open is counted', async () => {
    const before = await engagement();
    const claim = { tenantId: t.tenantId, messageId };
    const forged = openToken(messageKey('someone-elses-secret-0123456789abcdefgh', claim.tenantId, messageId), claim);
    expectProblem(await request(platform.url).get(`/track/open/${forged}`), 400, 'tracking_link_invalid', 'trackOpen');
    expectProblem(await request(platform.url).get(`/track/open/${token(link)}`), 400, 'tracking_link_invalid', 'trackOpen');
    expect((await engagement()).opens + (await engagement()).machineOpens).toBe(before.opens + before.machineOpens);
  });

  it("when a stranger asks for the tracked message's engagement, then 404", async () => {
    const stranger = await platform.newTenant();
    expectProblem(await request(platform.url).get(`/emails/${messageId}`).set(auth(stranger.key)), 404, 'not_found', 'getEmail');
  });
});

describe('a link fetched without end costs the tenant a bounded number of events', () => {
  it('when one link is followed past the cap, then every click is counted and only the first ones are announced', async () => {
    const events = await collectEvents(platform, ['email.clicked']);
    try {
      const before = (await engagement()).clicks + (await engagement()).machineClicks;
      const extra = MAX_EVENTS_PER_MESSAGE + 10 - before;
      for (let i = 0; i < extra; i++) expect((await click(token(link))).status).toBe(302);
      await eventually(
        async () => (await engagement()).clicks + (await engagement()).machineClicks === before + extra,
        'every click counted',
        20_000,
      );
      await eventually(() => events.about(messageId).length === MAX_EVENTS_PER_MESSAGE - before, 'the events up to the cap');
      expect(events.about(messageId)).toHaveLength(MAX_EVENTS_PER_MESSAGE - before);
    } finally {
      await events.stop();
    }
  });
});
