import { isWebhookEventType, type Envelope } from '@mailplane/contracts';
import { newId } from '@mailplane/runtime';
import { newDispatchId, type DeliveryRecord } from '../data-access/deliveries-repo';
import type { WebhooksDeps } from './deps';
import { redispatch, sendWorkItem } from './dispatch';
import { subscribesTo } from './endpoints';
import { narrowSoon } from './listeners';

/** Only `email.received` is addressed: other events' `endpointId` is what they are about, not whom they are for. */
function addressedTo(event: Envelope): string | null {
  if (event.type !== 'email.received') return null;
  const endpointId = (event.data as { endpointId?: unknown } | null)?.endpointId;
  return typeof endpointId === 'string' ? endpointId : null;
}

/** Acknowledged only once its deliveries are stored and queued: a repeat finds them by key and requeues a pending one. */
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
