import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { expectContract } from '../../../test/support/contract';
import { eventually } from '../../../test/support/eventually';
import { auth, tenantWithDomain, sendEmail } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { startWebhookReceiver, type ReceivedHook, type WebhookReceiver } from '../../../test/support/webhook-receiver';

let platform: TestPlatform;
let receiver: WebhookReceiver;
beforeAll(async () => {
  // Three attempts per round; a replay queues at most two deliveries per call; an endpoint failing thrice in a row
  // pauses only briefly (what pauses do is endpoint-health's subject).
  platform = await startTestPlatform({
    WEBHOOK_RETRY_SCHEDULE: '100ms,200ms',
    WEBHOOK_REPLAY_BATCH: '2',
    WEBHOOK_ENDPOINT_PAUSES: '100ms',
    SEND_RATE_LIMIT: '1000',
  });
});
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(() => receiver.stop());
afterAll(() => platform.stop());

type Delivery = {
  id: string;
  eventId: string;
  eventType: string;
  status: string;
  createdAt: string;
  redeliveredAt: string | null;
  nextAttemptAt: string | null;
  attempts: { statusCode: number | null; durationMs: number; responseBody: string | null; responseBodyTruncated: boolean }[];
};

async function tenantWithEndpoint(eventTypes: string[]) {
  const t = await tenantWithDomain(platform);
  const res = await request(platform.url).post('/webhooks/endpoints').set(auth(t.key)).send({ url: receiver.url, eventTypes });
  expect(res.status).toBe(201);
  return { ...t, endpoint: res.body as { id: string; secret: string } };
}
type Tenant = Awaited<ReturnType<typeof tenantWithEndpoint>>;

const send = (t: Tenant) => sendEmail(platform, t, { to: 'b@example.org', subject: 'hi' }).expect(202);
const log = async (t: Tenant, query = '') => {
  const res = await request(platform.url).get(`/webhooks/endpoints/${t.endpoint.id}/deliveries${query}`).set(auth(t.key));
  expectContract(res, 'listWebhookDeliveries');
  return res.body as { data: Delivery[]; total: number };
};
/** Waits until the endpoint's log holds `count` deliveries, every one settled in `status`. */
async function logSettled(t: Tenant, count: number, status: string, query = '') {
  let page: { data: Delivery[] } = { data: [] };
  await eventually(
    async () => {
      page = await log(t, query);
      return page.data.length === count && page.data.every((d) => d.status === status);
    },
    `${count} deliveries ${status}`,
    10_000,
  );
  return page.data;
}
const verify = (secret: string, hook: ReceivedHook) => new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>);
const replay = (t: Tenant, since: string) =>
  request(platform.url).post(`/webhooks/endpoints/${t.endpoint.id}/replay`).set(auth(t.key)).send({ since });

describe('the webhook delivery log', () => {
  it('when the endpoint fails once then answers, then the log shows both attempts with status, duration and the body cut at 4096 bytes', async () => {
    const t = await tenantWithEndpoint(['email.queued']);
    receiver.answerNext(500, {}, 1, `${'é'.repeat(2047)}${'x'.repeat(3000)}`);
    receiver.answerNext(200, {}, 1, 'thanks');
    await send(t);
    const [delivery] = await logSettled(t, 1, 'succeeded');
    expect(delivery.attempts.map((a) => [a.statusCode, a.responseBody, a.responseBodyTruncated])).toEqual([
      [500, `${'é'.repeat(2047)}xx`, true],
      [200, 'thanks', false],
    ]);
    for (const attempt of delivery.attempts) expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
    expect(delivery).toMatchObject({ eventType: 'email.queued', nextAttemptAt: null, redeliveredAt: null });
    expect(delivery.eventId).toBe(receiver.received[0].headers['webhook-id']);
  });

  it('when events of two types were delivered, then the log filters by event type and status, and one delivery reads back with the event as POSTed', async () => {
    const t = await tenantWithEndpoint(['email.queued', 'email.sent']);
    await send(t);
    await logSettled(t, 2, 'succeeded');
    const sent = await log(t, '?eventType=email.sent');
    expect(sent.total).toBe(1);
    expect(sent.data[0].eventType).toBe('email.sent');
    expect((await log(t, '?status=succeeded&eventType=email.queued')).total).toBe(1);
    expect(await log(t, '?status=failed')).toMatchObject({ total: 0, data: [] });

    const read = await request(platform.url).get(`/webhooks/deliveries/${sent.data[0].id}`).set(auth(t.key));
    expectContract(read, 'getWebhookDelivery');
    const posted = receiver.received.find((h) => h.headers['webhook-id'] === sent.data[0].eventId) as ReceivedHook;
    expect(read.body.event).toEqual(JSON.parse(posted.body));
    expect(read.body).toMatchObject({ ...sent.data[0], event: expect.any(Object) });
  });

  it('when a failed delivery is redelivered after a secret rotation, then it arrives with the same webhook-id, signed with the new secret', async () => {
    const t = await tenantWithEndpoint(['email.queued']);
    receiver.answerNext(500, {}, 3);
    await send(t);
    const [failed] = await logSettled(t, 1, 'failed');
    expect(failed.attempts).toHaveLength(3);
    const rotated = (await request(platform.url).post(`/webhooks/endpoints/${t.endpoint.id}/rotate-secret`).set(auth(t.key)).expect(200))
      .body;

    const res = await request(platform.url).post(`/webhooks/deliveries/${failed.id}/redeliver`).set(auth(t.key));
    expect(res.status).toBe(202);
    expectContract(res, 'redeliverWebhook');
    expect(res.body).toMatchObject({ id: failed.id, status: 'pending', redeliveredAt: expect.any(String) });

    const [done] = await logSettled(t, 1, 'succeeded');
    expect(done.attempts.map((a) => a.statusCode)).toEqual([500, 500, 500, 200]);
    const hooks = receiver.received;
    expect(hooks).toHaveLength(4);
    expect(new Set(hooks.map((h) => h.headers['webhook-id']))).toEqual(new Set([failed.eventId]));
    expect(verify(rotated.secret, hooks[3])).toMatchObject({ id: failed.eventId });
    expect(() => verify(rotated.secret, hooks[0])).toThrow();
  });

  it('when failed deliveries are replayed since an instant, then only those since then are queued, at most two per call, and nextSince goes on', async () => {
    const t = await tenantWithEndpoint(['email.queued']);
    receiver.answerNext(500, {}, 9);
    for (let i = 1; i <= 3; i++) {
      await send(t);
      await logSettled(t, i, 'failed');
    }
    const [d3, d2, d1] = (await log(t)).data;

    const first = await replay(t, d2.createdAt);
    expect(first.status).toBe(202);
    expectContract(first, 'replayWebhookDeliveries');
    expect(first.body).toEqual({ queued: 2, hasMore: false, nextSince: null });
    await logSettled(t, 2, 'succeeded', '?status=succeeded');
    expect((await log(t, '?status=failed')).data.map((d) => d.id)).toEqual([d1.id]);

    // Everything fails again: three candidates for a batch of two.
    receiver.answerNext(500, {}, 6);
    for (const d of [d2, d3]) await request(platform.url).post(`/webhooks/deliveries/${d.id}/redeliver`).set(auth(t.key)).expect(202);
    await logSettled(t, 3, 'failed');
    const second = await replay(t, d1.createdAt);
    expect(second.body).toEqual({ queued: 2, hasMore: true, nextSince: d3.createdAt });
    const third = await replay(t, second.body.nextSince);
    expect(third.body).toEqual({ queued: 1, hasMore: false, nextSince: null });
    await logSettled(t, 3, 'succeeded');
    expect((await replay(t, d1.createdAt)).body).toEqual({ queued: 0, hasMore: false, nextSince: null });
  }, 30_000);
});

describe('the delivery log of one message', () => {
  it('when messageId is given, then only deliveries of events about that message are listed', async () => {
    const t = await tenantWithEndpoint(['email.sent']);
    const first = (await send(t)).body.id as string;
    const second = (await send(t)).body.id as string;
    await logSettled(t, 2, 'succeeded');
    const mine = await log(t, `?messageId=${first}`);
    expect(mine.total).toBe(1);
    const delivered = await request(platform.url).get(`/webhooks/deliveries/${mine.data[0].id}`).set(auth(t.key));
    expect(delivered.body.event.data.messageId).toBe(first);
    expect((await log(t, `?messageId=${second}`)).total).toBe(1);
    expect((await log(t, '?messageId=msg_00000000000000000000000000')).total).toBe(0);
  });
});
