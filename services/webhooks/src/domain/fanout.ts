import { isWebhookEventType, type Envelope } from '@mailplane/contracts';
import { newId } from '@mailplane/runtime';
import { newDispatchId, type DeliveryRecord } from '../data-access/deliveries-repo';
import type { WebhooksDeps } from './deps';
import { redispatch, sendWorkItem } from './dispatch';
import { subscribesTo } from './endpoints';
import { narrowSoon } from './listeners';

/**
 * `email.received` of a route that names an endpoint is meant for it alone: its id; null for every subscriber. (Other
 * events' `endpointId`, as `endpoint.disabled`'s, is what they are about, not whom they are for.)
 */
function addressedTo(event: Envelope): string | null {
  if (event.type !== 'email.received') return null;
  const endpointId = (event.data as { endpointId?: unknown } | null)?.endpointId;
  return typeof endpointId === 'string' ? endpointId : null;
}

/**
 * One event in: a delivery for each enabled endpoint of the tenant that subscribes to its type (only the one it is
 * addressed to, when it is), stored, then put on the deliveries queue. The event is acknowledged only after, so a crash repeats the fan-out;
 * the unique key makes the repeat find the deliveries already made instead of doubling them, and a pending one
 * found gets a new work item in place of the one the crash may have lost.
 */
export async function fanOut(deps: WebhooksDeps, event: Envelope, requestId?: string): Promise<number> {
  if (!isWebhookEventType(event.type) || !event.tenantId) return 0;
  const only = addressedTo(event);
  const enabled = await deps.endpoints.enabled(event.tenantId);
  const endpoints = enabled.filter((e) => subscribesTo(e, event.type) && (only === null || e._id === only));
  if (endpoints.length === 0) narrowSoon(deps, event, enabled);
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
