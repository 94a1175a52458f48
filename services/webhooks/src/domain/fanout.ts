import { isWebhookEventType, type Envelope } from '@mailplane/contracts';
import { newId } from '@mailplane/runtime';
import { newDispatchId, type DeliveryRecord } from '../data-access/deliveries-repo';
import type { WebhooksDeps } from './deps';
import { redispatch, sendWorkItem } from './dispatch';
import { subscribesTo } from './endpoints';

/**
 * One event in: a delivery for each enabled endpoint of the tenant that subscribes to its type, stored,
 * then put on the deliveries queue. The event is acknowledged only after, so a crash repeats the fan-out;
 * the unique key makes the repeat find the deliveries already made instead of doubling them, and a pending one
 * found gets a new work item in place of the one the crash may have lost.
 */
export async function fanOut(deps: WebhooksDeps, event: Envelope, requestId?: string): Promise<number> {
  if (!isWebhookEventType(event.type) || !event.tenantId) return 0;
  const endpoints = (await deps.endpoints.enabled(event.tenantId)).filter((e) => subscribesTo(e, event.type));
  const now = deps.clock.now();
  for (const endpoint of endpoints) {
    const delivery: DeliveryRecord = {
      _id: newId('whd', now.getTime()),
      key: `${event.id}:${endpoint._id}`,
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
      dispatchId: newDispatchId(),
    };
    const stored = await deps.deliveries.insertOnce(delivery);
    if (stored === delivery) await sendWorkItem(deps, stored);
    else if (stored.status === 'pending') await redispatch(deps, stored);
  }
  return endpoints.length;
}
