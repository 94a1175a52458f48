import { createHmac } from 'node:crypto';
import request from 'supertest';
import { simpleParser } from 'mailparser';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { collectEvents } from '../../../test/support/events';
import { eventually } from '../../../test/support/eventually';
import { auth, headerOf, tenantWithDomain } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { MAX_EVENTS_PER_MESSAGE } from '../src/tracking/domain/record-engagement';
import { clickToken, messageKey, messageRef, openToken } from '../src/tracking/tokens';
import { travellingClock } from '../../../test/support/travelling-platform';

const TRACKING_SECRET = 'tracking-secret-of-this-test-0123456789abcdef';
const FOREIGN_SECRET = 'someone-elses-secret-0123456789abcdefgh';
const clock = travellingClock();
let platform: TestPlatform;
let t: Awaited<ReturnType<typeof tenantWithDomain>>;
let link: URL;
let image: URL;
let messageId: string;

beforeAll(async () => {
  platform = await startTestPlatform({ SEND_RATE_LIMIT: '1000', TRACKING_SECRET, TRACKING_LINK_TTL_DAYS: '30' }, undefined, clock);
  t = await tenantWithDomain(platform);
  await request(platform.url)
    .patch(`/identities/${t.identity.id}`)
    .set(auth(t.key))
    .send({ tracking: { opens: true, clicks: true } })
    .expect(200);
  ({ messageId, link, image } = await trackedMessage());
});
afterAll(() => platform.stop());

/** A message sent with tracked links and image, as its recipient received them. */
async function trackedMessage(): Promise<{ messageId: string; link: URL; image: URL }> {
  const sent = await request(platform.url)
    .post('/emails')
    .set(auth(t.key))
    .send({ from: `a@${t.domain}`, to: 'b@example.org', subject: 'Links', html: '<a href="https://good.example.com/page">Go</a>' });
  const received = await platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === sent.body.id);
  const html = (await simpleParser(received.raw)).html as string;
  return { messageId: sent.body.id, link: new URL(/href="([^"]+)"/.exec(html)![1]), image: new URL(/<img src="([^"]+)"/.exec(html)![1]) };
}

const token = (url: URL) => url.pathname.split('/').pop() as string;
/** Asked on the host the link names (the platform's own, `localhost`), as a reader's client asks it. */
const click = (tokenText: string, host = link.host) => request(platform.url).get(`/track/click/${tokenText}`).set('Host', host);
const open = (tokenText: string, host = image.host) => request(platform.url).get(`/track/open/${tokenText}`).set('Host', host);
const engagement = async (id = messageId) => (await request(platform.url).get(`/emails/${id}`).set(auth(t.key))).body.engagement;
/** A first-version link, as links sent before they were bound to a host and a lifetime read. */
const legacyClick = (url: string, id = messageId) => {
  const payload = `c1.${t.tenantId}.${id}.${Buffer.from(url).toString('base64url')}`;
  const mac = createHmac('sha256', messageKey(TRACKING_SECRET, t.tenantId, id))
    .update(payload)
    .digest()
    .subarray(0, 16);
  return `${payload}.${mac.toString('base64url')}`;
};
const binding = (secret: string, id = messageId) => ({
  ref: messageRef(secret, t.tenantId, id),
  host: link.hostname,
  expiresAt: Math.floor(Date.now() / 1000) + 3600,
});

describe('the redirect goes only where a link was signed to go', () => {
  it('when the genuine link is followed without any key, then 302 to its URL', async () => {
    const res = await click(token(link));
    expectContract(res, 'followTrackedLink');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('https://good.example.com/page');
    expect(res.headers['cache-control']).toBe('no-store, private');
    const pixel = await open(token(image));
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
    [
      "another message's sealed ids put in",
      () => {
        const parts = token(link).split('.');
        parts[1] = messageRef(TRACKING_SECRET, t.tenantId, 'msg_00000000000000000000000000');
        return parts.join('.');
      },
    ],
    ['its end moved later', () => token(link).replace(/^(c2\.[^.]+\.)([0-9a-z]+)\./, (_m, head: string) => `${head}zzzzzz.`)],
    [
      'a signature made with another secret (a foreign link)',
      () => clickToken(messageKey(FOREIGN_SECRET, t.tenantId, messageId), binding(FOREIGN_SECRET), 'https://evil.example.net/'),
    ],
    ['the open image token', () => token(image)],
    ['no signature at all', () => token(link).split('.').slice(0, -1).join('.')],
    ['the first version, for a message never sent', () => legacyClick('https://evil.example.net/', 'msg_00000000000000000000000000')],
  ])('when the link has %s, then 400 tracking_link_invalid and no redirect', async (_label, forge) => {
    const res = await click(forge());
    expectProblem(res, 400, 'tracking_link_invalid', 'followTrackedLink');
    expect(res.headers.location).toBeUndefined();
  });

  it("when the genuine link or image is asked on another host (another tenant's tracking domain), then 400 and no redirect", async () => {
    for (const host of ['track.other-tenant.example', `track.other-tenant.example:${link.port}`, '127.0.0.1']) {
      const res = await click(token(link), host);
      expectProblem(res, 400, 'tracking_link_invalid', 'followTrackedLink');
      expect(res.headers.location).toBeUndefined();
      expectProblem(await open(token(image), host), 400, 'tracking_link_invalid', 'trackOpen');
    }
    const legacy = await click(legacyClick('https://good.example.com/page'), 'track.other-tenant.example');
    expectProblem(legacy, 400, 'tracking_link_invalid', 'followTrackedLink');
  });

  it("when a link or the image is read, then neither the tenant's nor the message's id can be read from it", () => {
    for (const url of [link, image]) {
      const text = token(url);
      const decoded = text.split('.').map((part) => Buffer.from(part, 'base64url').toString('latin1'));
      for (const id of [t.tenantId, messageId]) {
        const suffix = id.slice(4);
        expect(text).not.toContain(suffix);
        for (const part of decoded) expect(part).not.toContain(suffix);
      }
    }
  });

  it('when a first-version link is followed on the host its message was sent with, then it still redirects', async () => {
    const res = await click(legacyClick('https://good.example.com/page'));
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('https://good.example.com/page');
  });

  it('when an open image is forged for the message, then 400 and no open is counted', async () => {
    const before = await engagement();
    const forged = openToken(messageKey(FOREIGN_SECRET, t.tenantId, messageId), binding(FOREIGN_SECRET));
    expectProblem(await open(forged), 400, 'tracking_link_invalid', 'trackOpen');
    expectProblem(await open(token(link)), 400, 'tracking_link_invalid', 'trackOpen');
    expect((await engagement()).opens + (await engagement()).machineOpens).toBe(before.opens + before.machineOpens);
  });

  it("when a stranger asks for the tracked message's engagement, then 404", async () => {
    const stranger = await platform.newTenant();
    expectProblem(await request(platform.url).get(`/emails/${messageId}`).set(auth(stranger.key)), 404, 'not_found', 'getEmail');
  });
});

describe('a link fetched without end costs the tenant a bounded number of events', () => {
  it('when one link is followed past the cap, then every click is counted and only the first ones are announced', async () => {
    // A message of its own: no click of another test is still being counted.
    const own = await trackedMessage();
    const events = await collectEvents(platform, ['email.clicked']);
    try {
      const clicks = MAX_EVENTS_PER_MESSAGE + 10;
      for (let i = 0; i < clicks; i++) expect((await click(token(own.link))).status).toBe(302);
      const counted = async () => {
        const { clicks: byPeople, machineClicks } = await engagement(own.messageId);
        return byPeople + machineClicks;
      };
      await eventually(async () => (await counted()) === clicks, 'every click counted', 20_000);
      await eventually(() => events.about(own.messageId).length === MAX_EVENTS_PER_MESSAGE, 'the events up to the cap');
      expect(events.about(own.messageId)).toHaveLength(MAX_EVENTS_PER_MESSAGE);
    } finally {
      await events.stop();
    }
  });
});

// Last: the clock travels past the links' lifetime.
describe('a tracked link lives as long as TRACKING_LINK_TTL_DAYS says', () => {
  it('when the link, the image or a first-version link is followed after its lifetime, then 410 tracking_link_expired and no redirect', async () => {
    clock.travelDays(31);
    const res = await click(token(link));
    expectProblem(res, 410, 'tracking_link_expired', 'followTrackedLink');
    expect(res.headers.location).toBeUndefined();
    expectProblem(await open(token(image)), 410, 'tracking_link_expired', 'trackOpen');
    const legacy = await click(legacyClick('https://good.example.com/page'));
    expectProblem(legacy, 410, 'tracking_link_expired', 'followTrackedLink');
    expect(legacy.headers.location).toBeUndefined();
  });
});
