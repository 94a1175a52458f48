import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMemoryBroker, type Broker } from '@mailplane/broker';
import { NARROW_LISTENERS_OPERATION, RPC_QUEUES, type RpcRequest, type WebhookEventType } from '@mailplane/contracts';
import { createLogger, newEnvelope, systemClock, type MetricsRegistry } from '@mailplane/runtime';
import { createStore, type Store } from '@mailplane/store';
import { eventually } from '../../../../test/support/eventually';
import { createEndpoint } from '../../src/domain/endpoints';
import { startWebhooks, webhooksConfig } from '../../src';
import { bindAuditQueue, testAudit } from '../../../../test/support/audit';

export const startService = (env: Record<string, string>, broker: Broker, store: Store, metrics?: MetricsRegistry) =>
  startWebhooks({
    config: webhooksConfig({ WEBHOOK_SECRET_KEY: 'test-webhook-secret-key-0123456789', WEBHOOK_SANDBOX: 'true', ...env }),
    broker,
    store,
    logger: createLogger({ level: 'silent' }),
    metrics,
  });

/**
 * Answers mail's side of the event-listener operations, for the webhooks service alone (its tests publish events
 * as mail would): every widen and narrow taken. What mail does with them is tested with every service running.
 */
export const answerAsMail = (broker: Broker) =>
  broker.serve(RPC_QUEUES.mail, async (request) =>
    (request as RpcRequest).operationId === NARROW_LISTENERS_OPERATION
      ? { status: 200, body: { applied: true } }
      : { status: 204, body: null },
  );

/**
 * The webhooks service alone, on an in-process broker and a fresh store, so a test can publish events
 * itself and wait until each delivery is settled (succeeded, failed, cancelled) instead of sleeping.
 */
export async function startWebhooksWorker(env: Record<string, string> = {}, options: { auditQueue?: boolean } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'webhooks-'));
  const broker = createMemoryBroker();
  const store = await createStore({ dir });
  // `auditQueue: false`: a broker wiped of its queues, before any gateway started again.
  const audit = options.auditQueue === false ? null : await bindAuditQueue(broker);
  const mail = await answerAsMail(broker);
  const service = await startService(env, broker, store);
  const { deps } = service;
  return {
    deps,
    broker,
    /** The service's store, to see what it keeps (tombstones) beyond what its reads show. */
    store,
    endpoint: (tenantId: string, url: string, eventTypes: (WebhookEventType | '*')[] = ['*']) =>
      createEndpoint(deps, tenantId, { url, eventTypes }, testAudit),
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
      await audit?.cancel();
      await mail.cancel();
      await broker.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type WebhooksWorker = Awaited<ReturnType<typeof startWebhooksWorker>>;
