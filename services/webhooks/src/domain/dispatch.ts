import { QUEUES, WORK_TYPES } from '@mailplane/contracts';
import { newEnvelope, requestIdHeaders } from '@mailplane/runtime';
import type { DeliveryRecord, ItemRef } from '../data-access/deliveries-repo';
import type { WebhooksDeps } from './deps';

/** What a work item of the deliveries queue carries; the endpoint is absent on items queued before they carried it. */
export interface WorkItem extends ItemRef {
  endpointId?: string;
}

export const workItem = (delivery: DeliveryRecord, at: Date) =>
  newEnvelope('work', WORK_TYPES.webhooksDeliver, at, {
    tenantId: delivery.tenantId,
    correlationId: delivery.event.id,
    data: {
      deliveryId: delivery._id,
      endpointId: delivery.endpointId,
      ...(delivery.dispatchId ? { dispatchId: delivery.dispatchId } : {}),
    },
  });

/** Queues the delivery's work item, due when the delivery is; it carries the request id of the event's request. */
export async function sendWorkItem(deps: WebhooksDeps, delivery: DeliveryRecord): Promise<void> {
  const now = deps.clock.now();
  await deps.broker.send(QUEUES.webhooksDeliveries, workItem(delivery, now), {
    delayMs: Math.max(0, delivery.nextAttemptAt.getTime() - now.getTime()),
    headers: requestIdHeaders(delivery.requestId),
  });
}

/** A new work item for a pending delivery whose item may be lost; false when it changed meanwhile (it has a live one). */
export async function redispatch(deps: WebhooksDeps, delivery: DeliveryRecord): Promise<boolean> {
  const next = await deps.deliveries.redispatch(delivery, deps.clock.now());
  if (next) await sendWorkItem(deps, next);
  return next !== null;
}
