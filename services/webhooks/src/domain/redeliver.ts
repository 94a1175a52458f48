import { AppError, QUEUES } from '@mailplane/contracts';
import type { DeliveryRecord } from '../data-access/deliveries-repo';
import type { EndpointRecord } from '../data-access/endpoints-repo';
import type { WebhooksDeps } from './deps';
import { getDelivery } from './delivery-log';
import { getEndpoint } from './endpoints';
import { workItem } from './fanout';

function checkEnabled(endpoint: EndpointRecord) {
  if (endpoint.disabled) throw new AppError('endpoint_disabled', `Webhook endpoint ${endpoint._id} is disabled; enable it first.`);
}

/** Back to pending and on the queue: the worker signs it afresh, with the same event id, when it attempts it. */
async function requeue(deps: WebhooksDeps, delivery: DeliveryRecord, at: Date): Promise<boolean> {
  if (!(await deps.deliveries.reopen(delivery, at))) return false;
  await deps.broker.send(QUEUES.webhooksDeliveries, workItem(delivery, at));
  return true;
}

/** One settled delivery sent again now, with a fresh round of retries. */
export async function redeliver(deps: WebhooksDeps, tenantId: string, id: string) {
  const delivery = await getDelivery(deps, tenantId, id);
  const endpoint = await deps.endpoints.byId(tenantId, delivery.endpointId);
  if (!endpoint) throw new AppError('not_found', `The endpoint of webhook delivery ${id} was deleted.`);
  checkEnabled(endpoint);
  const pending = () => new AppError('delivery_pending', `Webhook delivery ${id} is pending; its next attempt is scheduled.`);
  if (delivery.status === 'pending') throw pending();
  if (!(await requeue(deps, delivery, deps.clock.now()))) throw pending();
  return getDelivery(deps, tenantId, id);
}

/**
 * Every failed or cancelled delivery of the endpoint since `since`, oldest first, a bounded batch per call;
 * `nextSince` is where the next call goes on.
 */
export async function replayFailed(deps: WebhooksDeps, tenantId: string, endpointId: string, since: Date) {
  checkEnabled(await getEndpoint(deps, tenantId, endpointId));
  const batch = deps.config.replayBatch;
  const found = await deps.deliveries.replayable(tenantId, endpointId, since, batch + 1);
  const now = deps.clock.now();
  let queued = 0;
  for (const delivery of found.slice(0, batch)) if (await requeue(deps, delivery, now)) queued++;
  const next = found[batch];
  return { queued, hasMore: next !== undefined, nextSince: next ? next.createdAt.toISOString() : null };
}
