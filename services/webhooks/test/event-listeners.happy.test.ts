import request from 'supertest';
import { createLogger } from '@mailplane/runtime';
import { collectEvents } from '../../../test/support/events';
import { eventually } from '../../../test/support/eventually';
import { auth, tenantWithDomain, waitForStatus } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver';

// Mail publishes a tenant's email events only while one of its endpoints listens for them
// (docs/decisions/event-listeners.md): what a tenant with endpoints receives must not change.
const logLines: string[] = [];
let platform: TestPlatform;
let receiver: WebhookReceiver;
beforeAll(async () => {
  const logger = createLogger({ level: 'info', write: (line) => logLines.push(line) });
  platform = await startTestPlatform(
    { WEBHOOK_RETRY_SCHEDULE: '100ms,200ms,300ms', SEND_RATE_LIMIT: '1000' },
    undefined,
    undefined,
    logger,
  );
});
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(() => receiver.stop());
afterAll(() => platform.stop());

type Tenant = Awaited<ReturnType<typeof tenantWithDomain>>;

const send = async (t: Tenant, extra: Record<string, unknown> = {}) =>
  (
    await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ from: `a@${t.domain}`, to: 'b@example.org', subject: 'listeners', text: 'x', ...extra })
      .expect(202)
  ).body as { id: string };

/** A webhook endpoint of the tenant at the test's receiver; answers its id. */
const addEndpoint = async (t: { key: string }, eventTypes: string[], extra: { disabled?: boolean } = {}) =>
  (
    await request(platform.url)
      .post('/webhooks/endpoints')
      .set(auth(t.key))
      .send({ url: receiver.url, eventTypes, ...extra })
      .expect(201)
  ).body as { id: string };

const narrowed = (tenantId: string) => logLines.some((line) => line.includes('event listeners narrowed') && line.includes(tenantId));

/** A tenant without endpoints whose first send told mail that nothing of it wants email events. */
async function narrowedTenant(): Promise<Tenant> {
  const t = await tenantWithDomain(platform);
  const first = await send(t);
  await waitForStatus(platform.url, t.key, first.id, 'sent');
  await eventually(() => narrowed(t.tenantId), 'the tenant narrowed');
  return t;
}

const typesOf = (hooks: { body: string }[], messageId: string) =>
  hooks
    .map((h) => JSON.parse(h.body) as { type: string; data: { messageId?: string } })
    .filter((e) => e.data.messageId === messageId)
    .map((e) => e.type)
    .sort();

describe('email events follow what the endpoints listen for', () => {
  it('when a tenant has no endpoint, then once mail knows it its sends publish no email event and are still delivered', async () => {
    const t = await narrowedTenant();
    const events = await collectEvents(platform, ['email.*']);
    try {
      const silent = await send(t);
      await waitForStatus(platform.url, t.key, silent.id, 'sent');
      // A tenant that listens, sending after: its events come in the order published, so the first's would be before.
      const listening = await tenantWithDomain(platform);
      await addEndpoint(listening, ['*']);
      const later = await send(listening);
      await eventually(() => events.about(later.id).some((e) => e.type === 'email.sent'), 'the later email.sent');
      expect(events.about(silent.id)).toEqual([]);
      const read = await request(platform.url).get(`/emails/${silent.id}`).set(auth(t.key)).expect(200);
      expect(read.body.status).toBe('sent');
    } finally {
      await events.stop();
    }
  });

  it('when a tenant mail was told has no endpoint adds one, then its very next send reaches it with email.queued and email.sent', async () => {
    const t = await narrowedTenant();
    await addEndpoint(t, ['email.queued', 'email.sent']);
    const message = await send(t);
    const hooks = await receiver.waitFor(2);
    expect(typesOf(hooks, message.id)).toEqual(['email.queued', 'email.sent']);
  });

  it('when a send was scheduled while nothing listened and an endpoint is added before its time, then the endpoint receives its email.queued and email.sent', async () => {
    const t = await narrowedTenant();
    const scheduled = await send(t, { scheduledAt: new Date(Date.now() + 1500).toISOString() });
    await addEndpoint(t, ['email.queued', 'email.sent']);
    const hooks = await receiver.waitFor(2, 10_000);
    expect(typesOf(hooks, scheduled.id)).toEqual(['email.queued', 'email.sent']);
  });

  it('when an endpoint that listened for no email event is changed to email.sent, then the next send reaches it', async () => {
    const t = await narrowedTenant();
    const endpoint = await addEndpoint(t, ['identity.verified']);
    await request(platform.url)
      .patch(`/webhooks/endpoints/${endpoint.id}`)
      .set(auth(t.key))
      .send({ eventTypes: ['email.sent'] })
      .expect(204);
    const message = await send(t);
    const hooks = await receiver.waitFor(1);
    expect(typesOf(hooks, message.id)).toEqual(['email.sent']);
  });

  it('when a disabled endpoint is enabled again, then the next send reaches it', async () => {
    const t = await tenantWithDomain(platform);
    const endpoint = await addEndpoint(t, ['email.sent'], { disabled: true });
    const first = await send(t);
    await waitForStatus(platform.url, t.key, first.id, 'sent');
    await eventually(() => narrowed(t.tenantId), 'the tenant narrowed');
    await request(platform.url).patch(`/webhooks/endpoints/${endpoint.id}`).set(auth(t.key)).send({ disabled: false }).expect(204);
    const message = await send(t);
    const hooks = await receiver.waitFor(1);
    expect(typesOf(hooks, message.id)).toEqual(['email.sent']);
  });
});
