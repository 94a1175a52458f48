import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { SIMULATOR_DOMAIN } from '../../sandbox/smtp-simulator';
import { expectContract } from '../support/contract';
import { auth, headerOf, suppressedAddresses, tenantWithDomain, waitForStatus } from '../support/mail';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

// Retries 50 ms, 100 ms, 200 ms apart (the test platform's schedule): defer@ gets through on its third attempt.
let platform: TestPlatform;
let receiver: WebhookReceiver;
beforeAll(async () => {
  platform = await startTestPlatform({ SEND_RATE_LIMIT: '1000' });
});
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(() => receiver.stop());
afterAll(() => platform.stop());

/** A tenant with a verified domain and an endpoint for every event, as a developer trying the sandbox would set up. */
async function tenantListening() {
  const t = await tenantWithDomain(platform);
  const endpoint = await request(platform.url)
    .post('/webhooks/endpoints')
    .set(auth(t.key))
    .send({ url: receiver.url, eventTypes: ['*'] });
  expect(endpoint.status).toBe(201);
  return { ...t, secret: endpoint.body.secret as string };
}

async function send(t: { key: string; domain: string }, to: string): Promise<string> {
  const res = await request(platform.url)
    .post('/emails')
    .set(auth(t.key))
    .send({ from: `hi@${t.domain}`, to, subject: 'Simulated', text: 'x' });
  expect(res.status).toBe(202);
  return res.body.id;
}

/** Waits for the webhook of `type` about message `id`, checked with the Standard Webhooks reference library. */
async function hookOf(secret: string, type: string, id: string) {
  const find = () =>
    receiver.received
      .map(
        (hook) =>
          new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>) as { type: string; data: Record<string, unknown> },
      )
      .find((event) => event.type === type && event.data.messageId === id);
  for (let seen = 1; !find(); seen = receiver.received.length + 1) await receiver.waitFor(seen);
  return find()!;
}

const inMailbox = (id: string) => platform.sandbox.sink.messages().some((m) => headerOf(m, 'X-Mailplane-Message-Id') === id);

describe('simulator recipients of the sandbox MTA', () => {
  it(`when mail goes to bounce@${SIMULATOR_DOMAIN}, then it fails as rejected, the address is suppressed and email.failed arrives`, async () => {
    const t = await tenantListening();
    const id = await send(t, `bounce@${SIMULATOR_DOMAIN}`);
    const view = await waitForStatus(platform.url, t.key, id, 'failed');
    expectContract(view, 'getEmail');
    expect(view.body.attempts).toEqual([expect.objectContaining({ outcome: 'failed', smtpCode: 550 })]);
    expect(await suppressedAddresses(platform, t.key)).toEqual([`bounce@${SIMULATOR_DOMAIN}`]);
    const failed = await hookOf(t.secret, 'email.failed', id);
    expect(failed.data).toMatchObject({ reason: 'rejected', smtpCode: 550 });
    expect(failed.data.response).toContain('5.1.1');
    expect(inMailbox(id)).toBe(false);
  });

  it(`when mail goes to defer+label@${SIMULATOR_DOMAIN}, then it is deferred twice (451) and then sent, with a webhook for each step`, async () => {
    const t = await tenantListening();
    const id = await send(t, `defer+label@${SIMULATOR_DOMAIN}`);
    const view = await waitForStatus(platform.url, t.key, id, 'sent');
    expect(view.body.attempts.map((a: { outcome: string; smtpCode: number }) => [a.outcome, a.smtpCode])).toEqual([
      ['deferred', 451],
      ['deferred', 451],
      ['sent', 250],
    ]);
    expect((await hookOf(t.secret, 'email.deferred', id)).data).toMatchObject({ attempt: 1, smtpCode: 451 });
    expect((await hookOf(t.secret, 'email.sent', id)).data).toMatchObject({ attempt: 3 });
    expect(inMailbox(id)).toBe(true);
  });

  it(`when mail goes to full@${SIMULATOR_DOMAIN}, then every retry meets 452 and it fails with its retries exhausted, not suppressed`, async () => {
    const t = await tenantListening();
    const id = await send(t, `full@${SIMULATOR_DOMAIN}`);
    const view = await waitForStatus(platform.url, t.key, id, 'failed');
    expect(view.body.attempts.map((a: { smtpCode: number }) => a.smtpCode)).toEqual([452, 452, 452, 452]);
    expect((await hookOf(t.secret, 'email.failed', id)).data).toMatchObject({ reason: 'retries_exhausted', smtpCode: 452 });
    expect(await suppressedAddresses(platform, t.key)).toEqual([]);
  });

  it(`when mail goes to reject@${SIMULATOR_DOMAIN}, then it is refused as spam after its data (554) and the address is not suppressed`, async () => {
    const t = await tenantListening();
    const id = await send(t, `reject@${SIMULATOR_DOMAIN}`);
    const view = await waitForStatus(platform.url, t.key, id, 'failed');
    expect(view.body.attempts).toEqual([expect.objectContaining({ smtpCode: 554, response: expect.stringContaining('5.7.1') })]);
    expect(await suppressedAddresses(platform, t.key)).toEqual([]);
  });

  it(`when mail goes to accept@${SIMULATOR_DOMAIN}, then it is sent and lands in the sandbox mailbox`, async () => {
    const t = await tenantListening();
    const id = await send(t, `accept@${SIMULATOR_DOMAIN}`);
    await waitForStatus(platform.url, t.key, id, 'sent');
    expect(inMailbox(id)).toBe(true);
  });
});
