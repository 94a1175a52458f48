import { QUEUES, WORK_TYPES, isWebhookEventType, type Envelope } from '@mailplane/contracts';
import { newEnvelope, newId, requestIdHeaders } from '@mailplane/runtime';
import type { DeliveryRecord } from '../data-access/deliveries-repo';
import type { WebhooksDeps } from './deps';
import { subscribesTo } from './endpoints';

export const workItem = (delivery: DeliveryRecord, at: Date) =>
  newEnvelope('work', WORK_TYPES.webhooksDeliver, at, {
    tenantId: delivery.tenantId,
    correlationId: delivery.event.id,
    data: { deliveryId: delivery._id },
  });

/**
 * One event in: a delivery for each enabled endpoint of the tenant that subscribes to its type, stored,
 * then put on the deliveries queue. The event is acknowledged only after, so a crash repeats the fan-out;
 * the unique key makes the repeat find the deliveries already made instead of doubling them.
 */
export async function fanOut(deps: WebhooksDeps, event: Envelope, requestId?: string): Promise<number> {
  if (!isWebhookEventType(event.type) || !event.tenantId) return 0;
  const endpoints = (await deps.endpoints.enabled(event.tenantId)).filter((e) => subscribesTo(e, event.type));
  const now = deps.clock.now();
  for (const endpoint of endpoints) {
    const key = `${event.id}:${endpoint._id}`;
    const delivery: DeliveryRecord = {
      _id: newId('whd', now.getTime()),
      key,
      tenantId: event.tenantId,
      endpointId: endpoint._id,
      event: { id: event.id, type: event.type, createdAt: event.occurredAt, data: event.data },
      status: 'pending',
      attempts: [],
      nextAttemptAt: now,
      leaseUntil: null,
      createdAt: now,
      updatedAt: now,
      requestId: requestId ?? null,
    };
    const stored = await deps.deliveries.insertOnce(delivery);
    if (stored.status !== 'pending') continue;
    await deps.broker.send(QUEUES.webhooksDeliveries, workItem(stored, now), { headers: requestIdHeaders(stored.requestId) });
  }
  return endpoints.length;
}
