import { AppError, type WebhookEventType } from '@mailplane/contracts';
import { pageOf } from '@mailplane/runtime';
import type { DeliveryAttempt, DeliveryFilter, DeliveryRecord } from '../data-access/deliveries-repo';
import type { WebhooksDeps } from './deps';
import { getEndpoint } from './endpoints';

const attemptView = (a: DeliveryAttempt) => ({
  at: a.at.toISOString(),
  statusCode: a.statusCode,
  durationMs: a.durationMs,
  responseBody: a.responseBody ?? null,
  responseBodyTruncated: a.responseBodyTruncated ?? false,
  error: a.error,
});

export function deliveryView(r: DeliveryRecord) {
  return {
    id: r._id,
    endpointId: r.endpointId,
    eventId: r.event.id,
    eventType: r.event.type as WebhookEventType,
    status: r.status,
    attempts: r.attempts.map(attemptView),
    nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt.toISOString() : null,
    redeliveredAt: r.redeliveredAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export const deliveryDetailView = (r: DeliveryRecord) => ({ ...deliveryView(r), event: r.event });

/** One page of an endpoint's delivery log; another tenant's endpoint is not found. */
export async function listDeliveries(
  deps: WebhooksDeps,
  tenantId: string,
  endpointId: string,
  filter: DeliveryFilter,
  page: { limit: number; offset: number },
) {
  await getEndpoint(deps, tenantId, endpointId);
  return pageOf(
    page,
    deps.deliveries.list(tenantId, endpointId, filter, page),
    deps.deliveries.count(tenantId, endpointId, filter),
    deliveryView,
  );
}

export async function getDelivery(deps: WebhooksDeps, tenantId: string, id: string) {
  const record = await deps.deliveries.byId(tenantId, id);
  if (!record) throw new AppError('not_found', `No webhook delivery ${id}`);
  return record;
}
