import { QUEUES, WEBHOOK_EVENT_TYPES } from '@mailplane/contracts';
import { ack, deadLetter, type Broker, type Subscription } from '@mailplane/broker';
import { attemptDelivery } from '../domain/deliver';
import type { WebhooksDeps } from '../domain/deps';
import { fanOut } from '../domain/fanout';

/** Every tenant-facing event fans out to deliveries; each delivery is its own work item, retried on its schedule. */
export async function consumeEvents(broker: Broker, deps: WebhooksDeps): Promise<Subscription[]> {
  const events = await broker.consume(
    QUEUES.webhooksEvents,
    async (event) => {
      await fanOut(deps, event);
      return ack();
    },
    { prefetch: 16, bindings: [...WEBHOOK_EVENT_TYPES] },
  );
  const deliveries = await broker.consume(
    QUEUES.webhooksDeliveries,
    async (item) => {
      const deliveryId = (item.data as { deliveryId?: unknown })?.deliveryId;
      if (typeof deliveryId !== 'string' || !item.tenantId) return deadLetter('work item without a deliveryId or tenantId');
      return attemptDelivery(deps, item.tenantId, deliveryId);
    },
    { prefetch: deps.config.concurrency, maxAttempts: 10 },
  );
  return [events, deliveries];
}
