import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Counter } from 'prom-client';
import { createMemoryBroker } from '@mailplane/broker';
import { createMetricsRegistry, newEnvelope, newId, type MetricsRegistry } from '@mailplane/runtime';
import { createStore } from '@mailplane/store';
import type { WebhooksService } from '../../src';
import { newDispatchId } from '../../src/data-access/deliveries-repo';
import { createEndpoint } from '../../src/domain/endpoints';
import { answerAsMail, startService } from './worker';
import { testAudit } from '../../../../test/support/audit';

/**
 * Replicas of the webhooks service on one store and one in-process broker, as a cluster shares them, each with its
 * own metrics. `dir` starts them on the store a stopped cluster left (its broker, and so its queue, is gone).
 */
export async function startWebhooksReplicas(
  count: number,
  env: Record<string, string> = {},
  dir = mkdtempSync(path.join(tmpdir(), 'webhooks-')),
) {
  const broker = createMemoryBroker();
  const store = await createStore({ dir });
  await answerAsMail(broker);
  const replicas: { service: WebhooksService; metrics: MetricsRegistry; stopped: boolean }[] = [];
  const addReplica = async () => {
    const metrics = createMetricsRegistry({ processMetrics: false });
    replicas.push({ service: await startService(env, broker, store, metrics), metrics, stopped: false });
  };
  for (let i = 0; i < count; i++) await addReplica();
  const { deps } = replicas[0].service;
  const stopReplica = async (index: number) => {
    if (replicas[index].stopped) return;
    replicas[index].stopped = true;
    await replicas[index].service.stop();
  };
  return {
    dir,
    store,
    replicas,
    addReplica,
    stopReplica,
    endpoint: (tenantId: string, url: string) => createEndpoint(deps, tenantId, { url, eventTypes: ['*'] }, testAudit),
    /**
     * Pending deliveries whose work items are lost, as when the broker refused them or its queue died: stored,
     * due `agoMs` ago (in the future when negative), never queued.
     */
    async lostDeliveries(tenantId: string, endpointId: string, count: number, agoMs: number): Promise<string[]> {
      const due = new Date(Date.now() - agoMs);
      const events: string[] = [];
      for (let i = 0; i < count; i++) {
        const event = newEnvelope('event', 'email.queued', due, { tenantId, correlationId: tenantId, data: { messageId: 'msg_x' } });
        events.push(event.id);
        await deps.deliveries.insertOnce({
          _id: newId('whd', due.getTime()),
          key: `${event.id}:${endpointId}`,
          tenantId,
          endpointId,
          event: { id: event.id, type: event.type, createdAt: event.occurredAt, data: event.data },
          status: 'pending',
          attempts: [],
          nextAttemptAt: due,
          leaseUntil: null,
          createdAt: due,
          updatedAt: due,
          dispatchId: newDispatchId(),
        });
      }
      return events;
    },
    /** How many deliveries a replica queued again (its sweeper, or its start on a lost queue). */
    async redispatched(index: number): Promise<number> {
      const metric = replicas[index].metrics.getSingleMetric('mailplane_webhook_redispatched_total') as Counter;
      return (await metric.get()).values.reduce((sum, v) => sum + v.value, 0);
    },
    /** Stops every replica, the broker and the store; the data stays for `startWebhooksReplicas(…, dir)` if asked. */
    async stop(options: { keepData?: boolean } = {}) {
      for (let i = 0; i < replicas.length; i++) await stopReplica(i);
      await broker.close();
      await store.close();
      if (!options.keepData) rmSync(dir, { recursive: true, force: true });
    },
  };
}
