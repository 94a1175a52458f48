import { QUEUES, WEBHOOK_EVENT_TYPES, validateMessage, type EntitlementChanged, type Envelope } from '@mailplane/contracts';
import { ack, deadLetter, type Broker, type Subscription } from '@mailplane/broker';
import { REQUEST_ID_HEADER, withRequestId } from '@mailplane/runtime';
import { deliverWorkItem } from '../domain/deliver';
import type { WebhooksDeps } from '../domain/deps';
import type { WorkItem } from '../domain/dispatch';
import { fanOut } from '../domain/fanout';
import { WAITERS_PER_PLACE } from '../domain/in-flight';
import { applyEntitlement } from '../domain/plans';

// Room beyond the attempts in flight for the deliveries waiting in the replica, and more, so that deliveries that must
// wait elsewhere are sent away while every place is taken.
const PREFETCH_PER_PLACE = WAITERS_PER_PLACE + 2;

function parseWorkItem(item: Envelope): WorkItem | null {
  const data = (item.data ?? {}) as Record<string, unknown>;
  if (typeof data.deliveryId !== 'string' || !item.tenantId) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    tenantId: item.tenantId,
    deliveryId: data.deliveryId,
    endpointId: text(data.endpointId),
    dispatchId: text(data.dispatchId),
  };
}

/** Billing's `entitlement.changed` says which plan (and so how many endpoints) a tenant has. */
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
    async (envelope, { headers }) => {
      const item = parseWorkItem(envelope);
      if (!item) return deadLetter('work item without a deliveryId or tenantId');
      return withRequestId(headers[REQUEST_ID_HEADER], () => deliverWorkItem(deps, item));
    },
    { prefetch: PREFETCH_PER_PLACE * deps.config.concurrency, maxAttempts: 10 },
  );
  const entitlements = await broker.consume(
    QUEUES.webhooksEntitlements,
    async (event) => {
      const issues = validateMessage(event);
      if (issues.length > 0 || !event.tenantId) return deadLetter(`invalid entitlement.changed: ${JSON.stringify(issues)}`);
      await applyEntitlement(deps, event.tenantId, event.data as EntitlementChanged);
      return ack();
    },
    { prefetch: 16, bindings: ['entitlement.changed'] },
  );
  return [events, deliveries, entitlements];
}
