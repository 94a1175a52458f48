import { QUEUES, WEBHOOK_EVENT_TYPES } from '@mailplane/contracts';
import { ack, deadLetter, type Broker, type Subscription } from '@mailplane/broker';
import { REQUEST_ID_HEADER, withRequestId } from '@mailplane/runtime';
import { attemptDelivery } from '../domain/deliver';
import type { WebhooksDeps } from '../domain/deps';
import { fanOut } from '../domain/fanout';

/** Every tenant-facing event fans out to deliveries; each delivery is its own work item, retried on its schedule. */
export async function consumeEvents(broker: Broker, deps: WebhooksDeps): Promise<Subscription[]> {
  const events = await broker.consume(
    QUEUES.webhooksEvents,
    async (event, { headers }) => {
      const requestId = headers[REQUEST_ID_HEADER];
      await withRequestId(requestId, () => fanOut(deps, event, requestId));
      return ack();
    },
    { prefetch: 16, bindings: [...WEBHOOK_EVENT_TYPES] },
  );
  const deliveries = await broker.consume(
    QUEUES.webhooksDeliveries,
    async (item, { headers }) => {
      const deliveryId = (item.data as { deliveryId?: unknown })?.deliveryId;
      const tenantId = item.tenantId;
      if (typeof deliveryId !== 'string' || !tenantId) return deadLetter('work item without a deliveryId or tenantId');
      return withRequestId(headers[REQUEST_ID_HEADER], () => attemptDelivery(deps, tenantId, deliveryId));
    },
    { prefetch: deps.config.concurrency, maxAttempts: 10 },
  );
  return [events, deliveries];
}
