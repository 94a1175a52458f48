import { auditEvent } from '@mailplane/runtime';
import { bindAuditQueue, testAudit, type AuditQueue } from '../../../test/support/audit';
import { eventually } from '../../../test/support/eventually';
import { startWebhooksWorker, type WebhooksWorker } from './support/worker';
import type { EndpointRecord } from '../src/data-access/endpoints-repo';

let worker: WebhooksWorker;
let audit: AuditQueue;
beforeAll(async () => {
  // Rounds every 50 ms; what a change wrote 200 ms ago and nobody published was left by a crash.
  worker = await startWebhooksWorker({ WEBHOOK_SWEEP_MS: '50', WEBHOOK_REDISPATCH_MS: '200' });
  // Every audit record the service publishes, as the gateway's own queue gets them.
  audit = await bindAuditQueue(worker.deps.broker, 'test.audit');
});
afterAll(async () => {
  await audit.cancel();
  await worker.stop();
});

describe('audited endpoint changes after a crash', () => {
  it("when a deletion's request died before publishing its record, then the endpoint is gone at once, and the sweeper publishes the record, the tombstone keeping it its minute", async () => {
    const endpoint = await worker.endpoint('ten_deleted', 'https://receiver.invalid/hook');
    const at = new Date(Date.now() - 1000);
    const change = { operationId: 'deleteWebhookEndpoint', target: { type: 'webhookEndpoint', id: endpoint.id }, changes: {} };
    const record = auditEvent('ten_deleted', testAudit, change, at);
    // The deletion's write, as the request made it before the process died: no publish, no drop.
    expect(await worker.deps.endpoints.remove('ten_deleted', endpoint.id, at, [record])).not.toBeNull();
    expect(await worker.deps.endpoints.byId('ten_deleted', endpoint.id)).toBeNull();
    expect(await worker.deps.endpoints.count('ten_deleted')).toBe(0);

    await eventually(() => audit.records.some((r) => r.data.id === record.data.id), 'the record published');
    expect(audit.records.filter((r) => r.data.target.id === endpoint.id).map((r) => r.data.operationId)).toEqual([
      'createWebhookEndpoint',
      'deleteWebhookEndpoint',
    ]);
    // A start on new queues would publish it again meanwhile; the sweeper removes the tombstone once the minute passed.
    const tombstone = await worker.store.collection<EndpointRecord>('endpoints').findOne({ _id: endpoint.id });
    expect(tombstone?.keptEvents?.map((e) => e.id)).toContain(record.id);
    expect(tombstone?.keptUntil?.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('audit records and a broker without their queue', () => {
  it('when no queue is bound to audit.recorded, then the record stays in its outbox, and it is published once a gateway binds one', async () => {
    const bare = await startWebhooksWorker({ WEBHOOK_SWEEP_MS: '50', WEBHOOK_REDISPATCH_MS: '200' }, { auditQueue: false });
    try {
      const endpoint = await bare.endpoint('ten_wiped', 'https://receiver.invalid/hook');
      // Refused, not dropped: the sweeper keeps trying (rounds every 50 ms), and the record keeps waiting.
      const waiting = async () => (await bare.deps.endpoints.byId('ten_wiped', endpoint.id))?.eventsPending === true;
      expect(await waiting()).toBe(true);
      const gateway = await bindAuditQueue(bare.broker);
      await eventually(async () => gateway.records.length > 0 && !(await waiting()), 'the record published once the queue is bound');
      expect(gateway.records.map((r) => [r.data.operationId, r.data.target.id])).toEqual([['createWebhookEndpoint', endpoint.id]]);
      await gateway.cancel();
    } finally {
      await bare.stop();
    }
  });
});
