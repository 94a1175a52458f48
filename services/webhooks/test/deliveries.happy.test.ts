import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { validateSchema } from '@mailplane/contracts';
import { auth, tenantWithDomain } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { startWebhookReceiver, type ReceivedHook, type WebhookReceiver } from '../../../test/support/webhook-receiver';

let platform: TestPlatform;
let receiver: WebhookReceiver;
beforeAll(async () => {
  platform = await startTestPlatform({ WEBHOOK_RETRY_SCHEDULE: '100ms,200ms,300ms', SEND_RATE_LIMIT: '1000' });
});
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(() => receiver.stop());
afterAll(() => platform.stop());

async function tenantWithEndpoint(eventTypes: string[], url = receiver.url) {
  const t = await tenantWithDomain(platform);
  const endpoint = await request(platform.url).post('/webhooks/endpoints').set(auth(t.key)).send({ url, eventTypes });
  expect(endpoint.status).toBe(201);
  return { ...t, endpoint: endpoint.body as { id: string; secret: string } };
}
const send = (t: { key: string; domain: string }, subject = 'hi') =>
  request(platform.url)
    .post('/emails')
    .set(auth(t.key))
    .send({ from: `a@${t.domain}`, to: 'b@example.org', subject, text: 'x' })
    .expect(202);
/** The Standard Webhooks reference library checks the signature and timestamp, independently of our signer. */
const verify = (secret: string, hook: ReceivedHook) =>
  new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>) as { id: string; type: string };
/** A second endpoint of the tenant for every event: once it has an event, the fan-out of that event is over. */
async function withCanary(key: string, eventTypes = ['*']) {
  const canary = await startWebhookReceiver();
  await request(platform.url).post('/webhooks/endpoints').set(auth(key)).send({ url: canary.url, eventTypes }).expect(201);
  return canary;
}

describe('webhook deliveries', () => {
  it('when an email is sent, then the endpoint receives email.queued and email.sent, signed, in the contract shape', async () => {
    const t = await tenantWithEndpoint(['email.queued', 'email.sent']);
    const message = (await send(t)).body;
    const hooks = await receiver.waitFor(2);
    const events = hooks.map((h) => verify(t.endpoint.secret, h));
    expect(events.map((e) => e.type).sort()).toEqual(['email.queued', 'email.sent']);
    for (const [i, hook] of hooks.entries()) {
      const body = JSON.parse(hook.body);
      expect(validateSchema('WebhookEvent', body)).toEqual([]);
      expect(body.data.messageId).toBe(message.id);
      expect(hook.headers['webhook-id']).toBe(events[i].id);
      expect(hook.headers['content-type']).toMatch(/^application\/json/);
    }
    // Settling and retries are covered where the deliveries' records can be waited on (deliveries.error).
    expect(new Set(receiver.received.map((h) => h.headers['webhook-id'])).size).toBe(2);
  });

  it("when a DNS check changes an identity's status, then identity.failed or identity.verified arrives, once per change", async () => {
    const { key } = await platform.newTenant();
    const endpoint = (
      await request(platform.url)
        .post('/webhooks/endpoints')
        .set(auth(key))
        .send({ url: receiver.url, eventTypes: ['identity.verified', 'identity.failed'] })
    ).body;
    const identity = (await request(platform.url).post('/identities').set(auth(key)).send({ domain: 'checked.example.test' })).body;
    const check = () => request(platform.url).post(`/identities/${identity.id}/verify`).set(auth(key)).expect(200);
    await check();
    await check();
    for (const record of identity.dnsRecords) platform.sandbox.dns.setTxt(record.name, [record.value]);
    await check();
    await check();
    const hooks = await receiver.waitFor(2);
    expect(receiver.received).toHaveLength(2);
    // Deliveries run concurrently; the events' own times give their order.
    const events = hooks
      .map(
        (h) =>
          verify(endpoint.secret, h) as unknown as {
            type: string;
            createdAt: string;
            data: { identityId: string; domain: string; status: string };
          },
      )
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    expect(events.map((e) => [e.type, e.data.status])).toEqual([
      ['identity.failed', 'failed'],
      ['identity.verified', 'verified'],
    ]);
    for (const hook of hooks) expect(validateSchema('WebhookEvent', JSON.parse(hook.body))).toEqual([]);
    for (const event of events) expect(event.data).toMatchObject({ identityId: identity.id, domain: 'checked.example.test' });
  });

  it('when the endpoint subscribes to other types or is disabled, then it receives nothing', async () => {
    const t = await tenantWithEndpoint(['email.failed']);
    await request(platform.url)
      .post('/webhooks/endpoints')
      .set(auth(t.key))
      .send({ url: receiver.url, eventTypes: ['*'], disabled: true })
      .expect(201);
    const canary = await withCanary(t.key);
    try {
      await send(t);
      await canary.waitFor(2);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await canary.stop();
    }
  });

  it('when the secret is rotated, then deliveries carry both signatures and each secret verifies them', async () => {
    const t = await tenantWithEndpoint(['email.queued']);
    const rotated = (await request(platform.url).post(`/webhooks/endpoints/${t.endpoint.id}/rotate-secret`).set(auth(t.key)).expect(200))
      .body;
    await send(t);
    const [hook] = await receiver.waitFor(1);
    expect(String(hook.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(rotated.secret, hook).type).toBe('email.queued');
    expect(verify(t.endpoint.secret, hook).type).toBe('email.queued');
    expect(() => verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, hook)).toThrow();
  });
});
