import { createServer, type Server } from 'node:net';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { validateSchema } from '@mailplane/contracts';
import { eventually } from '../../../test/support/eventually';
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
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
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
    await sleep(300);
    expect(receiver.received).toHaveLength(2);
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
    await sleep(300);
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

  it('when the endpoint answers 500 and then 503 with Retry-After, then it is retried with the same webhook-id until a 2xx', async () => {
    const t = await tenantWithEndpoint(['email.queued']);
    receiver.answerNext(500);
    receiver.answerNext(503, { 'Retry-After': '1' });
    await send(t);
    const hooks = await receiver.waitFor(3);
    expect(new Set(hooks.map((h) => h.headers['webhook-id'])).size).toBe(1);
    expect(hooks[2].at - hooks[1].at).toBeGreaterThanOrEqual(950);
    for (const hook of hooks) expect(verify(t.endpoint.secret, hook).type).toBe('email.queued');
    await sleep(500);
    expect(receiver.received).toHaveLength(3);
  });

  it('when the endpoint answers 2xx with a large body or 3xx, then the first is a success and the second a failure', async () => {
    const t = await tenantWithEndpoint(['email.queued']);
    receiver.answerNext(302, { Location: 'https://elsewhere.example.com/' });
    receiver.answerNext(200, {}, 1, 'x'.repeat(2 << 20));
    await send(t);
    const hooks = await receiver.waitFor(2);
    expect(hooks[0].headers['webhook-id']).toBe(hooks[1].headers['webhook-id']);
    await sleep(400); // past the next retry (100 ms), had the 2xx counted as a failure
    expect(receiver.received).toHaveLength(2);
  });

  it('when the endpoint keeps failing, then the delivery stops after the last scheduled retry', async () => {
    const t = await tenantWithEndpoint(['email.queued']);
    receiver.answerNext(500, {}, 10);
    await send(t);
    await receiver.waitFor(4);
    await sleep(800);
    expect(receiver.received).toHaveLength(4);
  });

  it('when the endpoint answers 410 Gone, then it is disabled and receives nothing more', async () => {
    const t = await tenantWithEndpoint(['email.queued']);
    receiver.answerNext(410);
    await send(t, 'first');
    await receiver.waitFor(1);
    const disabled = async () => (await request(platform.url).get(`/webhooks/endpoints/${t.endpoint.id}`).set(auth(t.key))).body.disabled;
    await eventually(disabled, 'the endpoint to be disabled');
    const canary = await withCanary(t.key, ['email.queued']);
    try {
      await send(t, 'second');
      await canary.waitFor(1);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await canary.stop();
    }
  });

  it('when the endpoint is disabled during retries, then the pending retries stop', async () => {
    const t = await tenantWithEndpoint(['email.queued']);
    // The endpoint asks for 2 s before the retry, so the PATCH always lands while the retry is pending.
    receiver.answerNext(500, { 'Retry-After': '2' }, 10);
    await send(t);
    await receiver.waitFor(1);
    await request(platform.url).patch(`/webhooks/endpoints/${t.endpoint.id}`).set(auth(t.key)).send({ disabled: true }).expect(204);
    await sleep(2500);
    expect(receiver.received).toHaveLength(1);
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

describe('webhook deliveries outside the sandbox', () => {
  it('when an https endpoint points at a loopback address, then nothing connects to it', async () => {
    const strict = await startTestPlatform({ WEBHOOK_SANDBOX: 'false', WEBHOOK_RETRY_SCHEDULE: '50ms' });
    let connections = 0;
    const listener: Server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as { port: number }).port;
    try {
      const t = await tenantWithDomain(strict);
      for (const url of [`https://127.0.0.1:${port}/hooks`, `https://localhost:${port}/hooks`]) {
        await request(strict.url)
          .post('/webhooks/endpoints')
          .set(auth(t.key))
          .send({ url, eventTypes: ['*'] })
          .expect(201);
      }
      await request(strict.url)
        .post('/emails')
        .set(auth(t.key))
        .send({ from: `a@${t.domain}`, to: 'b@example.org', subject: 'x', text: 'x' })
        .expect(202);
      await strict.sandbox.sink.waitFor(() => true, 5000);
      await sleep(500);
      expect(connections).toBe(0);
    } finally {
      listener.close();
      await strict.stop();
    }
  });
});
