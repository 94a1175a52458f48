import { eventually } from '../../../test/support/eventually';
import { startTarpit, startWebhookReceiver, type Tarpit, type WebhookReceiver } from '../../../test/support/webhook-receiver';
import { startWebhooksWorker, type WebhooksWorker } from './support/worker';

const TIMEOUT_MS = 3000;
const TENANT_PLACES = 4;

let worker: WebhooksWorker;
let tarpit: Tarpit;
let failing: WebhookReceiver;
let healthy: WebhookReceiver;
beforeAll(async () => {
  worker = await startWebhooksWorker({
    WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
    WEBHOOK_TENANT_CONCURRENCY: String(TENANT_PLACES),
    WEBHOOK_RETRY_SCHEDULE: '100ms,100ms,100ms,100ms,100ms',
    // The endpoint limit is not what this file is about.
    WEBHOOK_ENDPOINT_LIMIT_BY_PLAN: 'free=100',
  });
  [tarpit, failing, healthy] = await Promise.all([startTarpit(), startWebhookReceiver(), startWebhookReceiver()]);
  failing.answerNext(500, {}, 100_000);
});
afterAll(async () => {
  await Promise.all([tarpit.stop(), failing.stop(), healthy.stop()]);
  await worker.stop();
});

describe("one tenant's slow and failing endpoints", () => {
  it("when a tenant has 40 endpoints on a tarpit and 10 failing ones, then another tenant's event still arrives at once, and the tarpit never holds more than the tenant's places", async () => {
    const hostile: { id: string }[] = [];
    for (let i = 0; i < 40; i++) hostile.push(await worker.endpoint('ten_hostile', tarpit.url));
    for (let i = 0; i < 10; i++) hostile.push(await worker.endpoint('ten_hostile', failing.url));
    const innocent = await worker.endpoint('ten_innocent', healthy.url);
    for (let i = 0; i < 3; i++) await worker.publish('ten_hostile');
    // The hostile tenant's 150 deliveries are queued first; each tarpit attempt takes the whole timeout.
    const fannedOut = async () => {
      for (const e of hostile) if ((await worker.deps.deliveries.count('ten_hostile', e.id, {})) < 3) return false;
      return true;
    };
    await eventually(fannedOut, "the hostile tenant's deliveries");
    await eventually(async () => tarpit.accepted >= TENANT_PLACES, 'the tarpit to hold connections');
    const published = Date.now();
    const eventId = await worker.publish('ten_innocent');
    const [hook] = await healthy.waitFor(1, TIMEOUT_MS);
    expect(hook.headers['webhook-id']).toBe(eventId);
    expect(hook.at - published).toBeLessThan(TIMEOUT_MS);
    expect((await worker.settled('ten_innocent', eventId, innocent.id)).attempts).toHaveLength(1);
    expect(tarpit.mostHeld).toBeLessThanOrEqual(TENANT_PLACES);
  });
});
