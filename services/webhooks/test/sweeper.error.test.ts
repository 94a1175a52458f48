import { eventually } from '../../../test/support/eventually';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver';
import { SWEEP_JOB } from '../src/domain/delivery-recovery';
import { startWebhooksReplicas } from './support/replicas';

// Rounds every 50 ms; a delivery 200 ms overdue and held by nobody has lost its work item.
const SWEEPING = { WEBHOOK_SWEEP_MS: '50', WEBHOOK_REDISPATCH_MS: '200', WEBHOOK_CONCURRENCY: '64', WEBHOOK_TENANT_CONCURRENCY: '64' };

let receiver: WebhookReceiver;
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(() => receiver.stop());

/** Every event arrived exactly once. */
function expectEachOnce(events: string[]) {
  const ids = receiver.received.map((h) => String(h.headers['webhook-id']));
  expect(ids).toHaveLength(events.length);
  expect(new Set(ids)).toEqual(new Set(events));
}

describe('deliveries whose work item was lost', () => {
  it('when 1,200 pending deliveries lost their work items while the service runs, then the sweeper queues them all again and each is attempted once', async () => {
    const cluster = await startWebhooksReplicas(1, SWEEPING);
    try {
      const endpoint = await cluster.endpoint('ten_lost', receiver.url);
      const events = await cluster.lostDeliveries('ten_lost', endpoint.id, 1200, 1000);
      await receiver.waitFor(events.length, 30_000);
      expectEachOnce(events);
      expect(await cluster.redispatched(0)).toBe(events.length);
    } finally {
      await cluster.stop();
    }
  }, 60_000);

  it('when two replicas share the store and the broker, then one of them sweeps: each lost delivery is queued again once and attempted once', async () => {
    const cluster = await startWebhooksReplicas(2, SWEEPING);
    try {
      const endpoint = await cluster.endpoint('ten_shared', receiver.url);
      const events = await cluster.lostDeliveries('ten_shared', endpoint.id, 600, 1000);
      await receiver.waitFor(events.length, 30_000);
      expectEachOnce(events);
      const counts = [await cluster.redispatched(0), await cluster.redispatched(1)];
      expect(counts.sort((a, b) => a - b)).toEqual([0, events.length]);
    } finally {
      await cluster.stop();
    }
  }, 60_000);

  it('when the replica holding the sweeper stops in the middle of a round, then the other one takes over the rest, and none is attempted twice', async () => {
    const cluster = await startWebhooksReplicas(2, SWEEPING);
    try {
      const endpoint = await cluster.endpoint('ten_handover', receiver.url);
      const events = await cluster.lostDeliveries('ten_handover', endpoint.id, 3000, 1000);
      await eventually(async () => receiver.received.length > 0, 'the first round to queue deliveries');
      const lease = await cluster.store.collection<{ _id: string; holder: string }>('leases').findOne({ _id: SWEEP_JOB });
      const holder = cluster.replicas.findIndex((r) => r.service.holder === lease?.holder);
      await cluster.stopReplica(holder);
      await receiver.waitFor(events.length, 60_000);
      expectEachOnce(events);
      const [stopped, other] = [await cluster.redispatched(holder), await cluster.redispatched(1 - holder)];
      expect(stopped).toBeLessThan(events.length);
      expect(stopped + other).toBe(events.length);
    } finally {
      await cluster.stop();
    }
  }, 90_000);

  it('when the embedded process restarts on a new in-process broker, then its pending deliveries go out at start, each once', async () => {
    // A sweeper that would take a minute: what goes out at once is the start's doing.
    const slowSweep = { ...SWEEPING, WEBHOOK_REDISPATCH_MS: '60000' };
    const before = await startWebhooksReplicas(1, slowSweep);
    const endpoint = await before.endpoint('ten_restart', receiver.url);
    const events = await before.lostDeliveries('ten_restart', endpoint.id, 700, 0);
    await before.stop({ keepData: true });
    const after = await startWebhooksReplicas(1, slowSweep, before.dir);
    try {
      await receiver.waitFor(events.length, 30_000);
      expectEachOnce(events);
      expect(await after.redispatched(0)).toBe(events.length);
    } finally {
      await after.stop();
    }
  }, 60_000);

  it('when a replica starts beside a running one, then it re-queues nothing of what the queue holds', async () => {
    const cluster = await startWebhooksReplicas(1, SWEEPING);
    try {
      const endpoint = await cluster.endpoint('ten_beside', receiver.url);
      // Due in an hour: their items wait on the queue the running replica put them on.
      await cluster.lostDeliveries('ten_beside', endpoint.id, 50, -3600_000);
      const dispatches = async () =>
        (await cluster.store.collection<{ _id: string; dispatchId: string }>('deliveries').find({})).map((d) => d.dispatchId);
      const before = await dispatches();
      await cluster.addReplica();
      expect(await cluster.redispatched(1)).toBe(0);
      expect(await dispatches()).toEqual(before);
    } finally {
      await cluster.stop();
    }
  });
});
