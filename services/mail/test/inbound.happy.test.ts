import request from 'supertest';
import { verifyWebhook } from '@mailplane/sdk';
import { validateMessage } from '@mailplane/contracts';
import { expectContract } from '../../../test/support/contract';
import { collectEvents } from '../../../test/support/events';
import { eventually } from '../../../test/support/eventually';
import { auth } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver';
import { createRoute, receivingTenant, sendIn } from '../../../test/support/inbound';

let platform: TestPlatform;
let receiver: WebhookReceiver;
let events: Awaited<ReturnType<typeof collectEvents>>;
beforeAll(async () => {
  platform = await startTestPlatform();
  receiver = await startWebhookReceiver();
  events = await collectEvents(platform, ['email.received']);
});
afterAll(async () => {
  await events.stop();
  await receiver.stop();
  await platform.stop();
});

async function endpointFor(key: string) {
  const res = await request(platform.url)
    .post('/webhooks/endpoints')
    .set(auth(key))
    .send({ url: receiver.url, eventTypes: ['email.received'] })
    .expect(201);
  return res.body as { id: string; secret: string };
}

const deliveriesTo = (address: string) =>
  receiver.received.filter((d) => JSON.parse(d.body).data?.recipient === address).map((d) => ({ ...d, event: JSON.parse(d.body) }));

describe('receiving mail', () => {
  it('when a tenant enables receiving and publishes the MX record, then the identity shows it verified with its MX record', async () => {
    const t = await receivingTenant(platform);
    const res = await request(platform.url).get(`/identities/${t.identity.id}`).set(auth(t.key)).expect(200);
    expectContract(res, 'getIdentity');
    expect(res.body.inbound).toMatchObject({ status: 'verified', mxHost: 'mx.mailplane.test', platformSubdomain: false });
    expect(res.body.dnsRecords).toContainEqual(
      expect.objectContaining({ purpose: 'mx', type: 'MX', name: t.domain, value: 'mx.mailplane.test', status: 'found' }),
    );
  });

  it('when a tenant takes a platform subdomain, then it receives at once without publishing anything', async () => {
    const { key } = await platform.newTenant();
    const domain = `acme${Math.random().toString(36).slice(2, 8)}.inbound.mailplane.test`;
    const created = await request(platform.url).post('/identities').set(auth(key)).send({ domain }).expect(201);
    expectContract(created, 'createIdentity');
    expect(created.body.inbound).toMatchObject({ status: 'verified', platformSubdomain: true });
    await createRoute(platform, key, { pattern: `*@${domain}`, action: { type: 'hold' } });
    expect((await sendIn(platform, { from: 'a@elsewhere.example', to: `orders@${domain}`, subject: 'Hi', text: 'x' })).code).toBe(250);
    expect((await request(platform.url).get('/inbound/messages').set(auth(key))).body.total).toBe(1);
  });

  it('when a message arrives over SMTP for a webhook route, then the endpoint gets a signed email.received and GET /inbound/messages reads it back', async () => {
    const t = await receivingTenant(platform);
    const endpoint = await endpointFor(t.key);
    const route = await createRoute(platform, t.key, { pattern: `support@${t.domain}`, action: { type: 'webhook' } });
    const to = `support@${t.domain}`;

    const sent = await sendIn(platform, {
      envelope: { from: 'jo@customer.example', to: [to] },
      from: 'Jo Customer <jo@customer.example>',
      to,
      cc: 'boss@customer.example',
      subject: 'Where is my order?',
      text: 'Hello, order 42 has not arrived.',
      html: '<p>Hello, order <b>42</b> has not arrived.</p>',
      messageId: '<order-42@customer.example>',
    });
    expect(sent.code).toBe(250);
    expect(sent.response).toMatch(/^250 2\.0\.0 Ok: inb_[0-9a-z]{26}$/);

    await eventually(async () => deliveriesTo(to).length === 1, 'email.received delivered');
    const [delivery] = deliveriesTo(to);
    const event = verifyWebhook(delivery.body, delivery.headers, endpoint.secret);
    expect(event.type).toBe('email.received');
    expect(delivery.event.data).toMatchObject({
      routeId: route.id,
      recipient: to,
      envelope: { from: 'jo@customer.example', to: [to], tls: true },
      from: { name: 'Jo Customer', address: 'jo@customer.example' },
      subject: 'Where is my order?',
      internetMessageId: '<order-42@customer.example>',
      text: expect.stringContaining('order 42 has not arrived'),
      html: expect.stringContaining('<b>42</b>'),
      contentOmitted: false,
      attachments: [],
      hops: 0,
    });
    expect(delivery.event.data.cc).toEqual([expect.objectContaining({ address: 'boss@customer.example' })]);

    const list = await request(platform.url).get('/inbound/messages').set(auth(t.key)).expect(200);
    expectContract(list, 'listInboundMessages');
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id: delivery.event.data.inboundId,
        routeId: route.id,
        action: 'webhook',
        recipient: to,
        from: 'Jo Customer <jo@customer.example>',
        subject: 'Where is my order?',
      }),
    ]);
    const one = await request(platform.url).get(`/inbound/messages/${delivery.event.data.inboundId}`).set(auth(t.key)).expect(200);
    expectContract(one, 'getInboundMessage');
    expect(one.body.body).toMatchObject({ subject: 'Where is my order?', text: expect.stringContaining('order 42') });
  });

  it('when a hold route takes a message, then it is stored and listed without any webhook delivery', async () => {
    const t = await receivingTenant(platform);
    await endpointFor(t.key);
    const route = await createRoute(platform, t.key, { pattern: `*@${t.domain}`, action: { type: 'hold' } });
    const to = `anyone@${t.domain}`;
    expect((await sendIn(platform, { from: 'a@elsewhere.example', to, subject: 'Kept', text: 'x' })).code).toBe(250);
    const list = await request(platform.url).get('/inbound/messages').query({ routeId: route.id }).set(auth(t.key)).expect(200);
    expect(list.body.data).toEqual([expect.objectContaining({ action: 'hold', recipient: to, subject: 'Kept' })]);
    expect(deliveriesTo(to)).toEqual([]);
  });

  it('when several routes match, then the exact address wins over a prefix, and a prefix over the whole domain', async () => {
    const t = await receivingTenant(platform);
    const all = await createRoute(platform, t.key, { pattern: `*@${t.domain}`, action: { type: 'hold' } });
    const prefix = await createRoute(platform, t.key, { pattern: `support+*@${t.domain}`, action: { type: 'hold' } });
    const exact = await createRoute(platform, t.key, { pattern: `support+vip@${t.domain}`, action: { type: 'hold' } });
    for (const local of ['info', 'support+billing', 'support+vip']) {
      expect((await sendIn(platform, { from: 'a@elsewhere.example', to: `${local}@${t.domain}`, subject: local, text: 'x' })).code).toBe(
        250,
      );
    }
    const list = await request(platform.url).get('/inbound/messages').set(auth(t.key)).expect(200);
    const routeOf = (subject: string) => list.body.data.find((m: { subject: string }) => m.subject === subject)?.routeId;
    expect([routeOf('info'), routeOf('support+billing'), routeOf('support+vip')]).toEqual([all.id, prefix.id, exact.id]);
  });

  it('when a webhook route names an endpoint, then only that endpoint gets the event', async () => {
    const t = await receivingTenant(platform);
    const other = await startWebhookReceiver();
    try {
      await endpointFor(t.key);
      const named = await request(platform.url)
        .post('/webhooks/endpoints')
        .set(auth(t.key))
        .send({ url: other.url, eventTypes: ['*'] })
        .expect(201);
      await createRoute(platform, t.key, { pattern: `orders@${t.domain}`, action: { type: 'webhook', endpointId: named.body.id } });
      const to = `orders@${t.domain}`;
      expect((await sendIn(platform, { from: 'a@elsewhere.example', to, subject: 'Only one', text: 'x' })).code).toBe(250);
      const [delivery] = await other.waitFor(1);
      expect(JSON.parse(delivery.body)).toMatchObject({ type: 'email.received', data: { recipient: to, endpointId: named.body.id } });
      // The tenant's other endpoint subscribes to email.received too, and gets nothing for this route.
      const log = await request(platform.url).get(`/inbound/messages`).set(auth(t.key)).expect(200);
      expect(log.body.total).toBe(1);
      expect(deliveriesTo(to)).toEqual([]);
    } finally {
      await other.stop();
    }
  });

  it('when the event is published, then it matches its schema on the broker', async () => {
    const t = await receivingTenant(platform);
    await createRoute(platform, t.key, { pattern: `*@${t.domain}`, action: { type: 'webhook' } });
    const to = `hello@${t.domain}`;
    expect((await sendIn(platform, { from: 'a@elsewhere.example', to, subject: 'Schema', text: 'x' })).code).toBe(250);
    const ofThis = () => events.seen.filter((e) => (e.data as { recipient?: string }).recipient === to);
    await eventually(async () => ofThis().length === 1, 'email.received published');
    expect(ofThis()[0]).toMatchObject({ type: 'email.received', tenantId: t.tenantId });
    expect(validateMessage(ofThis()[0])).toEqual([]);
  });
});
