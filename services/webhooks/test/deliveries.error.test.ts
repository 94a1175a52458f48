import { Webhook } from 'standardwebhooks';
import { startWebhookReceiver, type ReceivedHook, type WebhookReceiver } from '../../../test/support/webhook-receiver';
import { startWebhooksWorker, type WebhooksWorker } from './support/worker';

let worker: WebhooksWorker;
let receiver: WebhookReceiver;
beforeAll(async () => {
  worker = await startWebhooksWorker({ WEBHOOK_RETRY_SCHEDULE: '100ms,200ms,300ms' });
});
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(() => receiver.stop());
afterAll(() => worker.stop());

let tenants = 0;
async function tenantWithEndpoint() {
  const tenantId = `ten_err${++tenants}`;
  const endpoint = await worker.endpoint(tenantId, receiver.url, ['email.queued']);
  return { tenantId, endpoint };
}
const verify = (secret: string, hook: ReceivedHook) =>
  new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>) as { id: string; type: string };

describe('webhook deliveries that fail', () => {
  it('when the endpoint answers 500 and then 503 with Retry-After, then it is retried with the same webhook-id until a 2xx', async () => {
    const { tenantId, endpoint } = await tenantWithEndpoint();
    receiver.answerNext(500);
    receiver.answerNext(503, { 'Retry-After': '1' });
    const eventId = await worker.publish(tenantId);
    expect((await worker.settled(tenantId, eventId, endpoint.id)).status).toBe('succeeded');
    const hooks = receiver.received;
    expect(hooks).toHaveLength(3);
    expect(new Set(hooks.map((h) => h.headers['webhook-id']))).toEqual(new Set([eventId]));
    expect(hooks[2].at - hooks[1].at).toBeGreaterThanOrEqual(950);
    for (const hook of hooks) expect(verify(endpoint.secret, hook).type).toBe('email.queued');
  });

  it('when the endpoint answers 2xx with a large body or 3xx, then the first is a success and the second a failure', async () => {
    const { tenantId, endpoint } = await tenantWithEndpoint();
    receiver.answerNext(302, { Location: 'https://elsewhere.example.com/' });
    receiver.answerNext(200, {}, 1, 'x'.repeat(2 << 20));
    const eventId = await worker.publish(tenantId);
    const delivery = await worker.settled(tenantId, eventId, endpoint.id);
    expect(delivery.status).toBe('succeeded');
    expect(delivery.attempts.map((a) => a.statusCode)).toEqual([302, 200]);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0].headers['webhook-id']).toBe(receiver.received[1].headers['webhook-id']);
  });

  it('when the endpoint keeps failing, then the delivery stops after the last scheduled retry', async () => {
    const { tenantId, endpoint } = await tenantWithEndpoint();
    receiver.answerNext(500, {}, 10);
    const eventId = await worker.publish(tenantId);
    expect((await worker.settled(tenantId, eventId, endpoint.id)).status).toBe('failed');
    expect(receiver.received).toHaveLength(4);
  });

  it('when the endpoint answers 410 Gone, then it is disabled and receives nothing more', async () => {
    const { tenantId, endpoint } = await tenantWithEndpoint();
    receiver.answerNext(410);
    const first = await worker.publish(tenantId);
    expect((await worker.settled(tenantId, first, endpoint.id)).status).toBe('failed');
    expect((await worker.deps.endpoints.byId(tenantId, endpoint.id))?.disabled).toBe(true);
    // Fan-out stores an event's deliveries together: once the canary's is settled, the gone endpoint had its chance.
    const canary = await worker.endpoint(tenantId, receiver.url, ['email.queued']);
    const second = await worker.publish(tenantId);
    await worker.settled(tenantId, second, canary.id);
    expect(await worker.deps.deliveries.byKey(tenantId, `${second}:${endpoint.id}`)).toBeNull();
    expect(receiver.received.map((h) => h.headers['webhook-id'])).toEqual([first, second]);
  });

  it('when the endpoint is disabled during retries, then the pending retries stop', async () => {
    const { tenantId, endpoint } = await tenantWithEndpoint();
    // The endpoint asks for 2 s before the retry, so disabling it always lands while the retry is pending.
    receiver.answerNext(500, { 'Retry-After': '2' }, 10);
    const eventId = await worker.publish(tenantId);
    await receiver.waitFor(1);
    await worker.deps.endpoints.update(tenantId, endpoint.id, { disabled: true }, new Date());
    expect((await worker.settled(tenantId, eventId, endpoint.id)).status).toBe('cancelled');
    expect(receiver.received).toHaveLength(1);
  });
});
