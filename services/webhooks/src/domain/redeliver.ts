import { AppError } from '@mailplane/contracts';
import type { DeliveryRecord } from '../data-access/deliveries-repo';
import type { EndpointRecord } from '../data-access/endpoints-repo';
import type { WebhooksDeps } from './deps';
import { getDelivery } from './delivery-log';
import { sendWorkItem } from './dispatch';
import { getEndpoint } from './endpoints';

/** Redelivering or replaying is the tenant saying the endpoint works again: its pause ends, the next attempt probes it. */
async function checkEnabled(deps: WebhooksDeps, endpoint: EndpointRecord) {
  if (endpoint.disabled) throw new AppError('endpoint_disabled', `Webhook endpoint ${endpoint._id} is disabled; enable it first.`);
  await deps.endpoints.resume(endpoint);
}

/** Back to pending and on the queue: the worker signs it afresh, with the same event id, when it attempts it. */
async function requeue(deps: WebhooksDeps, delivery: DeliveryRecord, at: Date): Promise<boolean> {
  const reopened = await deps.deliveries.reopen(delivery, at);
  if (reopened) await sendWorkItem(deps, reopened);
  return reopened !== null;
}

/** When the compare-and-set loses, an attempt is under way or another redelivery won: either way it is attempted now. */
export async function redeliver(deps: WebhooksDeps, tenantId: string, id: string) {
  const delivery = await getDelivery(deps, tenantId, id);
  const endpoint = await deps.endpoints.byId(tenantId, delivery.endpointId);
  if (!endpoint) throw new AppError('not_found', `The endpoint of webhook delivery ${id} was deleted.`);
  await checkEnabled(deps, endpoint);
  const now = deps.clock.now();
  if (delivery.status !== 'pending') await requeue(deps, delivery, now);
  else {
    const due = await deps.deliveries.dueNow(delivery, now);
    if (due) await sendWorkItem(deps, due);
  }
  return getDelivery(deps, tenantId, id);
}

/** A bounded batch per call; `nextSince` is where the next call goes on. */
export async function replayFailed(deps: WebhooksDeps, tenantId: string, endpointId: string, since: Date) {
  await checkEnabled(deps, await getEndpoint(deps, tenantId, endpointId));
  const batch = deps.config.replayBatch;
  const found = await deps.deliveries.replayable(tenantId, endpointId, since, batch + 1);
  const now = deps.clock.now();
  let queued = 0;
  for (const delivery of found.slice(0, batch)) if (await requeue(deps, delivery, now)) queued++;
  const next = found[batch];
  return { queued, hasMore: next !== undefined, nextSince: next ? next.createdAt.toISOString() : null };
}
