import { ack, type Subscription } from '@mailplane/broker';
import type { AuditRecorded, Envelope } from '@mailplane/contracts';
import { auditEvent } from '@mailplane/runtime';
import { testAudit } from '../../../test/support/audit';
import { eventually } from '../../../test/support/eventually';
import { startWebhooksWorker, type WebhooksWorker } from './support/worker';

let worker: WebhooksWorker;
let records: Envelope<AuditRecorded>[];
let subscription: Subscription;
beforeAll(async () => {
  // Rounds every 50 ms; what a change wrote 200 ms ago and nobody published was left by a crash.
  worker = await startWebhooksWorker({ WEBHOOK_SWEEP_MS: '50', WEBHOOK_REDISPATCH_MS: '200' });
  records = [];
  // The gateway's side of the broker, as it binds it: every audit record the service publishes.
  subscription = await worker.deps.broker.consume(
    'test.audit',
    async (event) => {
      records.push(event as Envelope<AuditRecorded>);
      return ack();
    },
    { prefetch: 10, bindings: ['audit.recorded'] },
  );
});
afterAll(async () => {
  await subscription.cancel();
  await worker.stop();
});

describe('audited endpoint changes after a crash', () => {
  it("when a deletion's request died before publishing its record, then the endpoint is gone at once, and the sweeper publishes the record and drops the tombstone", async () => {
    const endpoint = await worker.endpoint('ten_deleted', 'https://receiver.invalid/hook');
    const at = new Date(Date.now() - 1000);
    const change = { operationId: 'deleteWebhookEndpoint', target: { type: 'webhookEndpoint', id: endpoint.id }, changes: {} };
    const record = auditEvent('ten_deleted', testAudit, change, at);
    // The deletion's write, as the request made it before the process died: no publish, no drop.
    expect(await worker.deps.endpoints.remove('ten_deleted', endpoint.id, at, [record])).not.toBeNull();
    expect(await worker.deps.endpoints.byId('ten_deleted', endpoint.id)).toBeNull();
    expect(await worker.deps.endpoints.count('ten_deleted')).toBe(0);

    const tombstones = worker.store.collection('endpoints');
    await eventually(
      async () => records.some((r) => r.data.id === record.data.id) && (await tombstones.findOne({ _id: endpoint.id })) === null,
      'the record published and the tombstone dropped',
    );
    expect(records.filter((r) => r.data.target.id === endpoint.id).map((r) => r.data.operationId)).toEqual([
      'createWebhookEndpoint',
      'deleteWebhookEndpoint',
    ]);
  });
});
