import { validateSchema } from '@mailplane/contracts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver';
import { FAILURES_BEFORE_PAUSE } from '../src/domain/endpoint-health';
import { startWebhooksWorker, type WebhooksWorker } from './support/worker';

let worker: WebhooksWorker;
let receiver: WebhookReceiver;
let watcher: WebhookReceiver;
beforeEach(async () => {
  [receiver, watcher] = await Promise.all([startWebhookReceiver(), startWebhookReceiver()]);
});
afterEach(async () => {
  await Promise.all([receiver.stop(), watcher.stop()]);
  await worker.stop();
});

/** The body of the one `endpoint.disabled` the tenant's other endpoint received, checked against the contract. */
async function disabledEvent() {
  const [hook] = await watcher.waitFor(1);
  const body = JSON.parse(hook.body);
  expect(validateSchema('WebhookEvent', body)).toEqual([]);
  expect(body.type).toBe('endpoint.disabled');
  return body.data as { endpointId: string; url: string; reason: string; failingSince: string | null; disabledAt: string };
}

describe('an endpoint that keeps failing', () => {
  it('when it fails 3 times in a row, then its other deliveries wait without attempts while one probe at a time tests it, and a success lets them through', async () => {
    worker = await startWebhooksWorker({
      WEBHOOK_RETRY_SCHEDULE: '100ms,100ms,100ms,100ms,100ms',
      WEBHOOK_ENDPOINT_PAUSES: '1s',
      WEBHOOK_ENDPOINT_CONCURRENCY: '1',
    });
    const endpoint = await worker.endpoint('ten_paused', receiver.url);
    // Three failures pause it; the first probe fails too; the second succeeds.
    receiver.answerNext(500, {}, FAILURES_BEFORE_PAUSE + 1);
    const events = [];
    for (let i = 0; i < 10; i++) events.push(await worker.publish('ten_paused'));
    for (const eventId of events) expect((await worker.settled('ten_paused', eventId, endpoint.id)).status).toBe('succeeded');
    const hooks = receiver.received;
    expect(hooks).toHaveLength(FAILURES_BEFORE_PAUSE + 1 + events.length);
    // After the third failure nothing is sent for the pause; then one probe, and the pause again after it fails.
    expect(hooks[3].at - hooks[2].at).toBeGreaterThanOrEqual(950);
    expect(hooks[4].at - hooks[3].at).toBeGreaterThanOrEqual(950);
    expect(new Set(hooks.map((h) => h.headers['webhook-id']))).toEqual(new Set(events));
  });

  it('when every attempt fails for WEBHOOK_DISABLE_AFTER, then it is disabled, its deliveries are cancelled and the tenant’s other endpoints receive endpoint.disabled', async () => {
    worker = await startWebhooksWorker({
      WEBHOOK_RETRY_SCHEDULE: Array(50).fill('100ms').join(','),
      WEBHOOK_ENDPOINT_PAUSES: '200ms',
      WEBHOOK_DISABLE_AFTER: '1s',
    });
    const failing = await worker.endpoint('ten_failing', receiver.url, ['email.queued']);
    await worker.endpoint('ten_failing', watcher.url, ['endpoint.disabled']);
    receiver.answerNext(503, {}, 1000);
    const eventId = await worker.publish('ten_failing');
    const data = await disabledEvent();
    expect(data).toMatchObject({ endpointId: failing.id, url: receiver.url, reason: 'failing' });
    expect(Date.parse(data.disabledAt) - Date.parse(data.failingSince!)).toBeGreaterThanOrEqual(1000);
    expect((await worker.deps.endpoints.byId('ten_failing', failing.id))?.disabled).toBe(true);
    expect((await worker.settled('ten_failing', eventId, failing.id)).status).toBe('cancelled');
  });

  it('when it answers 410 Gone, then the other endpoints receive endpoint.disabled with reason gone', async () => {
    worker = await startWebhooksWorker();
    const gone = await worker.endpoint('ten_gone', receiver.url, ['email.queued']);
    await worker.endpoint('ten_gone', watcher.url, ['*']);
    receiver.answerNext(410);
    const eventId = await worker.publish('ten_gone');
    expect((await worker.settled('ten_gone', eventId, gone.id)).status).toBe('failed');
    await watcher.waitFor(2);
    const disabled = watcher.received.map((h) => JSON.parse(h.body)).find((e) => e.type === 'endpoint.disabled');
    expect(validateSchema('WebhookEvent', disabled)).toEqual([]);
    expect(disabled.data).toMatchObject({ endpointId: gone.id, reason: 'gone', failingSince: null });
  });
});
