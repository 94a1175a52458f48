import http from 'node:http';
import { request as httpRequest } from 'node:http';
import request from 'supertest';
import { simpleParser } from 'mailparser';
import { validateMessage, validateSchema } from '@mailplane/contracts';
import { expectContract } from '../../../test/support/contract';
import { eventually } from '../../../test/support/eventually';
import { collectEvents } from '../../../test/support/events';
import { auth, headerOf, tenantWithDomain, waitForStatus } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver';

let platform: TestPlatform;
let events: Awaited<ReturnType<typeof collectEvents>>;
let receiver: WebhookReceiver;

beforeAll(async () => {
  // Test readers follow links within the second the message arrives: no window in which they count as machines.
  platform = await startTestPlatform({ SEND_RATE_LIMIT: '1000', TRACKING_MACHINE_WINDOW_SECONDS: '0' });
  events = await collectEvents(platform, ['email.opened', 'email.clicked']);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await events.stop();
  await receiver.stop();
  await platform.stop();
});

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const HTML =
  '<html><body><p>Your order shipped. <a href="https://shop.example.com/orders/7?ref=mail">Track it</a></p>' +
  '<p><a href="mailto:help@shop.example.com">Help</a> · <a href="https://shop.example.com/unsubscribe?u=7">Unsubscribe</a> · ' +
  '<a data-mailplane-no-track href="https://shop.example.com/private">Private</a></p></body></html>';

async function trackedTenant(tracking: { opens?: boolean; clicks?: boolean } = { opens: true, clicks: true }) {
  const t = await tenantWithDomain(platform);
  const res = await request(platform.url).patch(`/identities/${t.identity.id}`).set(auth(t.key)).send({ tracking });
  expectContract(res, 'updateIdentity');
  expect(res.body.tracking).toEqual({ opens: tracking.opens ?? false, clicks: tracking.clicks ?? false });
  return t;
}

async function sendAndReceive(t: { key: string; domain: string }, extra: object = {}) {
  const sent = await request(platform.url)
    .post('/emails')
    .set(auth(t.key))
    .send({ from: `shop@${t.domain}`, to: 'reader@example.org', subject: 'Shipped', html: HTML, ...extra });
  expect(sent.status).toBe(202);
  const received = await platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === sent.body.id);
  const html = (await simpleParser(received.raw)).html as string;
  const links = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  const image = /<img src="([^"]+)"/.exec(html)?.[1];
  return { id: sent.body.id as string, received, html, links, image };
}

/** A real HTTP client on the link, as a mail reader's browser would follow it (no redirect followed). */
const follow = (url: string, userAgent = BROWSER) => fetch(url, { redirect: 'manual', headers: { 'user-agent': userAgent } });
/** A reader's click from an address of its own (any of 127/8 on Linux): readers are many clients, not one. */
const followFrom = (url: string, localAddress: string) =>
  new Promise<number>((resolve, reject) => {
    http
      .get(url, { family: 4, localAddress, headers: { 'user-agent': BROWSER } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });

const engagement = async (t: { key: string }, id: string) =>
  (await request(platform.url).get(`/emails/${id}`).set(auth(t.key))).body.engagement;

describe('open and click tracking', () => {
  it('when the identity tracks opens and clicks, then links go through signed redirects to their own URL, the image records opens, and the signature covers the rewritten body', async () => {
    const t = await trackedTenant();
    const hooks = await request(platform.url)
      .post('/webhooks/endpoints')
      .set(auth(t.key))
      .send({ url: receiver.url, eventTypes: ['email.clicked'] });
    expect(hooks.status).toBe(201);
    const { id, received, links, image } = await sendAndReceive(t);
    expect(received.dkim?.result).toBe('pass');
    expect(links[0]).toMatch(new RegExp(`^${platform.url.replace('127.0.0.1', 'localhost')}/track/click/c2\\.`));
    expect(links.slice(1)).toEqual([
      'mailto:help@shop.example.com',
      'https://shop.example.com/unsubscribe?u=7',
      'https://shop.example.com/private',
    ]);

    const redirect = await follow(links[0]);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('https://shop.example.com/orders/7?ref=mail');
    await eventually(async () => (await engagement(t, id)).clicks === 1, 'the click counted');
    await follow(links[0]);
    await eventually(async () => (await engagement(t, id)).clicks === 2, 'the second click counted');
    // The count is stored before its event is published (the outbox): wait for the event itself.
    const clickEvents = () => events.about(id).filter((e) => e.type === 'email.clicked');
    await eventually(() => clickEvents().length === 2, 'the second email.clicked');
    const clicks = clickEvents();
    expect(clicks.map((e) => (e.data as { first: boolean }).first)).toEqual([true, false]);
    expect(clicks[0].data).toMatchObject({
      url: 'https://shop.example.com/orders/7?ref=mail',
      userAgent: BROWSER,
      recipient: 'reader@example.org',
      machine: false,
      machineReason: null,
    });
    for (const e of clicks) expect(validateMessage(e)).toEqual([]);
    const [hook] = await receiver.waitFor(1);
    expect(validateSchema('WebhookEvent', JSON.parse(hook.body))).toEqual([]);
    expect(JSON.parse(hook.body)).toMatchObject({ type: 'email.clicked', data: { messageId: id, first: true } });

    const pixel = await follow(image as string);
    expect(pixel.status).toBe(200);
    expect(pixel.headers.get('content-type')).toBe('image/gif');
    expect(
      Buffer.from(await pixel.arrayBuffer())
        .subarray(0, 6)
        .toString('latin1'),
    ).toBe('GIF89a');
    await follow(image as string, 'Mozilla/5.0');
    await eventually(
      async () => (await engagement(t, id)).machineOpens === 1 && (await engagement(t, id)).opens === 1,
      'both opens counted',
    );
    const opens = events.about(id).filter((e) => e.type === 'email.opened');
    expect(opens.map((e) => e.data)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ first: true, machine: false, userAgent: BROWSER }),
        expect.objectContaining({ first: false, machine: true, machineReason: 'apple_mail_privacy' }),
      ]),
    );
    const email = await waitForStatus(platform.url, t.key, id, 'sent');
    expectContract(email, 'getEmail');
    expect(email.body.tracking).toEqual({ opens: true, clicks: true });
    expect(email.body.engagement).toMatchObject({ opens: 1, machineOpens: 1, clicks: 2, machineClicks: 0 });
    expect(email.body.engagement.firstClickedAt).not.toBeNull();

    const stats = await request(platform.url).get('/stats?days=1').set(auth(t.key));
    expectContract(stats, 'getEmailStats');
    expect(stats.body.days[0]).toMatchObject({ opened: 1, clicked: 1, machineOpens: 1 });
  });

  it('when many readers click at once, then every click is counted, one of them is first, and the day counts one click', async () => {
    const t = await trackedTenant();
    const { id, links } = await sendAndReceive(t);
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => followFrom(links[0], `127.0.1.${i + 1}`)));
    expect(burst).toEqual(Array(40).fill(302));
    // Counted within ~50 ms alone; a loaded fresh-clone run once did not see all 40 within 5 s, unexplained: the wait is
    // longer, and a failure says how many were counted, to tell a lost batch from a slow one.
    let counted: unknown;
    await eventually(async () => (counted = (await engagement(t, id)).clicks) === 40, 'the 40 clicks counted', 15_000).catch((err) => {
      throw new Error(`${(err as Error).message}: ${String(counted)} counted`);
    });
    await eventually(async () => events.about(id).filter((e) => e.type === 'email.clicked').length === 40, 'the 40 events');
    const clicks = events.about(id).filter((e) => e.type === 'email.clicked');
    expect(clicks.filter((e) => (e.data as { first: boolean }).first)).toHaveLength(1);
    expect(new Set(clicks.map((e) => e.id)).size).toBe(40);
    const email = await request(platform.url).get(`/emails/${id}`).set(auth(t.key));
    expect(email.body.engagement.firstClickedAt).not.toBeNull();
    const stats = await request(platform.url).get('/stats?days=1').set(auth(t.key));
    expect(stats.body.days[0]).toMatchObject({ clicked: 1 });
  });

  it('when nothing turned tracking on, then the HTML leaves unchanged, without an image', async () => {
    const t = await tenantWithDomain(platform);
    const { html, links, image } = await sendAndReceive(t);
    expect(links[0]).toBe('https://shop.example.com/orders/7?ref=mail');
    expect(image).toBeUndefined();
    expect(html).not.toContain('/track/');
  });

  it("when a send turns clicks off, then the identity's open tracking still applies and the links are its own", async () => {
    const t = await trackedTenant();
    const { links, image, id } = await sendAndReceive(t, { tracking: { clicks: false } });
    expect(links[0]).toBe('https://shop.example.com/orders/7?ref=mail');
    expect(image).toContain('/track/open/o2.');
    expect((await request(platform.url).get(`/emails/${id}`).set(auth(t.key))).body.tracking).toEqual({ opens: true, clicks: false });
  });

  it("when the identity's tracking domain is verified, then its links use that domain, and the redirect answers there", async () => {
    const t = await trackedTenant({ clicks: true });
    const domain = `track.${t.domain}`;
    const updated = await request(platform.url).patch(`/identities/${t.identity.id}`).set(auth(t.key)).send({ trackingDomain: domain });
    expectContract(updated, 'updateIdentity');
    const record = updated.body.dnsRecords.find((r: { purpose: string }) => r.purpose === 'tracking');
    expect(record).toEqual({ purpose: 'tracking', type: 'CNAME', name: domain, value: 'localhost', status: 'unchecked' });

    platform.sandbox.dns.setCname(record.name, record.value);
    const verified = await request(platform.url).post(`/identities/${t.identity.id}/verify`).set(auth(t.key));
    expect(verified.body.dnsRecords.find((r: { purpose: string }) => r.purpose === 'tracking').status).toBe('found');
    expect(verified.body).toMatchObject({ status: 'verified', trackingDomain: domain });

    const { links } = await sendAndReceive(t);
    const link = new URL(links[0]);
    expect(link.origin).toBe(`http://${domain}`);
    // The CNAME leads the reader's client to the gateway: connect there, naming the tracking domain as its host.
    const answer = await new Promise<{ status?: number; location?: string }>((resolve, reject) =>
      httpRequest(
        { host: '127.0.0.1', port: new URL(platform.url).port, path: link.pathname, headers: { host: domain, 'user-agent': BROWSER } },
        (res) => resolve({ status: res.statusCode, location: res.headers.location }),
      )
        .on('error', reject)
        .end(),
    );
    expect(answer).toEqual({ status: 302, location: 'https://shop.example.com/orders/7?ref=mail' });
  });
});
