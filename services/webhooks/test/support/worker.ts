import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Counter } from 'prom-client';
import { createMemoryBroker, type Broker } from '@mailplane/broker';
import type { WebhookEventType } from '@mailplane/contracts';
import { createLogger, createMetricsRegistry, newEnvelope, newId, systemClock, type MetricsRegistry } from '@mailplane/runtime';
import { createStore, type Store } from '@mailplane/store';
import { newDispatchId } from '../../src/data-access/deliveries-repo';
import { eventually } from '../../../../test/support/eventually';
import { createEndpoint } from '../../src/domain/endpoints';
import { startWebhooks, webhooksConfig, type WebhooksService } from '../../src';

const start = (env: Record<string, string>, broker: Broker, store: Store, metrics?: MetricsRegistry) =>
  startWebhooks({
    config: webhooksConfig({ WEBHOOK_SECRET_KEY: 'test-webhook-secret-key-0123456789', WEBHOOK_SANDBOX: 'true', ...env }),
    broker,
    store,
    logger: createLogger({ level: 'silent' }),
    metrics,
  });

/**
 * The webhooks service alone, on an in-process broker and a fresh store, so a test can publish events
 * itself and wait until each delivery is settled (succeeded, failed, cancelled) instead of sleeping.
 */
export async function startWebhooksWorker(env: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'webhooks-'));
  const broker = createMemoryBroker();
  const store = await createStore({ dir });
  const service = await start(env, broker, store);
  const { deps } = service;
  return {
    deps,
    endpoint: (tenantId: string, url: string, eventTypes: (WebhookEventType | '*')[] = ['*']) =>
      createEndpoint(deps, tenantId, { url, eventTypes }),
    /** Publishes a tenant's event as mail would; returns its id, the `webhook-id` of its deliveries. */
    async publish(tenantId: string, type: WebhookEventType = 'email.queued'): Promise<string> {
      const event = newEnvelope('event', type, systemClock.now(), { tenantId, correlationId: tenantId, data: { messageId: 'msg_x' } });
      await broker.publish(event);
      return event.id;
    },
    /** The delivery of an event to an endpoint once it is settled: nothing more will be sent for it. */
    async settled(tenantId: string, eventId: string, endpointId: string, timeoutMs = 10_000) {
      const key = `${eventId}:${endpointId}`;
      await eventually(
        async () => ((await deps.deliveries.byKey(tenantId, key))?.status ?? 'pending') !== 'pending',
        `the delivery ${key} to settle`,
        timeoutMs,
      );
      return (await deps.deliveries.byKey(tenantId, key))!;
    },
    async stop() {
      await service.stop();
      await broker.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type WebhooksWorker = Awaited<ReturnType<typeof startWebhooksWorker>>;

/**
 * `count` replicas of the webhooks service on one store and one in-process broker, as a cluster shares them, each
 * with its own metrics; the first one's deps reach the store.
 */
export async function startWebhooksReplicas(count: number, env: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'webhooks-'));
  const broker = createMemoryBroker();
  const store = await createStore({ dir });
  const replicas: { service: WebhooksService; metrics: MetricsRegistry; stopped: boolean }[] = [];
  for (let i = 0; i < count; i++) {
    const metrics = createMetricsRegistry({ processMetrics: false });
    replicas.push({ service: await start(env, broker, store, metrics), metrics, stopped: false });
  }
  const { deps } = replicas[0].service;
  return {
    store,
    replicas,
    endpoint: (tenantId: string, url: string) => createEndpoint(deps, tenantId, { url, eventTypes: ['*'] }),
    /**
     * Pending deliveries whose work items are lost, as when the broker refused them or its queue died: stored,
     * due `agoMs` ago, never queued.
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
    /** How many lost deliveries a replica's sweeper queued again. */
    async redispatched(index: number): Promise<number> {
      const metric = replicas[index].metrics.getSingleMetric('mailplane_webhook_redispatched_total') as Counter;
      return (await metric.get()).values.reduce((sum, v) => sum + v.value, 0);
    },
    async stopReplica(index: number) {
      if (replicas[index].stopped) return;
      replicas[index].stopped = true;
      await replicas[index].service.stop();
    },
    async stop() {
      for (let i = 0; i < replicas.length; i++) await this.stopReplica(i);
      await broker.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
