import { ack, retry, type Outcome } from '@mailplane/broker';
import { inSpan, SpanKind } from '@mailplane/telemetry';
import type { DeliveryAttempt, DeliveryRecord } from '../data-access/deliveries-repo';
import type { EndpointRecord } from '../data-access/endpoints-repo';
import type { PostResult } from '../data-access/http-target';
import type { DeliveryOutcome, PostponeReason, WebhooksDeps } from './deps';
import type { WorkItem } from './dispatch';
import { endpointPause, recordAttempt } from './endpoint-health';
import { signingSecrets } from './endpoints';
import { signatureHeader } from './signing';

const JITTER = 0.1;
const LONGEST_ASKED_DELAY_MS = 24 * 3600_000;
// Deliveries waiting out one pause wake spread over this much, not all in the same millisecond.
const PAUSE_SPREAD_MS = 1000;

/** The next delay: the schedule's (±10%), or longer when the endpoint asked for it with `Retry-After`. */
function nextDelay(deps: WebhooksDeps, attemptsMade: number, askedMs: number | null): number | null {
  const scheduled = deps.config.retryScheduleMs[attemptsMade - 1];
  if (scheduled === undefined) return null;
  const jittered = scheduled * (1 + JITTER * (2 * Math.random() - 1));
  return Math.round(Math.max(jittered, Math.min(askedMs ?? 0, LONGEST_ASKED_DELAY_MS)));
}

/** Attempted only with a place in flight and an endpoint not paused; otherwise postponed: no attempt spent, no place held. */
export async function deliverWorkItem(deps: WebhooksDeps, item: WorkItem): Promise<Outcome> {
  const endpointId = item.endpointId ?? (await deps.deliveries.byId(item.tenantId, item.deliveryId))?.endpointId;
  if (!endpointId) return notClaimed(deps, item);
  const place = await deps.inFlight.take(item.tenantId, endpointId);
  if (!place.taken) return postpone(deps, item, new Date(deps.clock.now().getTime() + place.waitMs), 'busy');
  let answeredInMs: number | undefined;
  try {
    // Read once the place is ours: while this delivery waited, another attempt may have paused or disabled it.
    const endpoint = await deps.endpoints.byId(item.tenantId, endpointId);
    const pausedUntil = endpoint && !endpoint.disabled ? await endpointPause(deps, endpoint, deps.clock.now()) : null;
    if (pausedUntil) return await postpone(deps, item, new Date(pausedUntil.getTime() + Math.random() * PAUSE_SPREAD_MS), 'paused');
    return await attemptDelivery(deps, item, endpoint, (ms) => (answeredInMs = ms));
  } finally {
    place.release(answeredInMs);
  }
}

async function postpone(deps: WebhooksDeps, item: WorkItem, until: Date, reason: PostponeReason): Promise<Outcome> {
  const now = deps.clock.now();
  if (!(await deps.deliveries.postpone(item, now, until))) return notClaimed(deps, item);
  deps.metrics.postponed(reason);
  return retry(Math.max(1, until.getTime() - now.getTime()));
}

async function attemptDelivery(
  deps: WebhooksDeps,
  item: WorkItem,
  endpoint: EndpointRecord | null,
  answered?: (durationMs: number) => void,
): Promise<Outcome> {
  const now = deps.clock.now();
  const delivery = await deps.deliveries.claim(item, now, new Date(now.getTime() + deps.config.leaseMs));
  if (!delivery) return notClaimed(deps, item);
  if (!endpoint || endpoint.disabled) {
    await deps.deliveries.finish(delivery, 'cancelled', null, deps.clock.now());
    deps.metrics.delivery('cancelled');
    return ack();
  }
  const body = JSON.stringify(delivery.event);
  const timestamp = Math.floor(deps.clock.now().getTime() / 1000);
  const signature = signatureHeader(signingSecrets(deps, endpoint), delivery.event.id, timestamp, body);
  const signed = { id: delivery.event.id, timestamp, signature, body, requestId: delivery.requestId };
  const result = await inSpan('webhook POST', { kind: SpanKind.CLIENT, attributes: spanAttributes(delivery) }, async (span) => {
    const answer = await deps.target.post(endpoint.url, signed);
    if (answer.statusCode !== null) span?.setAttribute('http.response.status_code', answer.statusCode);
    span?.setAttribute('mailplane.webhook.outcome', answer.outcome);
    return answer;
  });
  answered?.(result.durationMs);
  const attempt: DeliveryAttempt = {
    at: now,
    statusCode: result.statusCode,
    error: result.error,
    durationMs: result.durationMs,
    responseBody: result.responseBody,
    responseBodyTruncated: result.responseBodyTruncated,
  };
  await recordAttempt(deps, endpoint, result, deps.clock.now());
  if (result.outcome === 'delivered') {
    await deps.deliveries.finish(delivery, 'succeeded', attempt, deps.clock.now());
    return attempted(deps, delivery, result, 'delivered', ack());
  }
  if (result.outcome === 'gone') {
    // Gone for good (recordAttempt disabled it): stop sending it anything.
    await deps.deliveries.finish(delivery, 'failed', attempt, deps.clock.now());
    return attempted(deps, delivery, result, 'gone', ack());
  }
  // A redelivery starts a new round: the schedule counts the attempts made since it.
  const delay = nextDelay(deps, delivery.attempts.length - (delivery.roundStart ?? 0) + 1, result.retryAfterMs);
  if (delay === null) {
    await deps.deliveries.finish(delivery, 'failed', attempt, deps.clock.now());
    return attempted(deps, delivery, result, 'failed', ack());
  }
  const held = await deps.deliveries.retryLater(delivery, attempt, new Date(now.getTime() + delay), deps.clock.now());
  return attempted(deps, delivery, result, 'retrying', held ? retry(delay) : ack());
}

/** Ids only: the endpoint's URL may hold the tenant's own token, the event's data addresses. */
function spanAttributes(delivery: DeliveryRecord) {
  const messageId = (delivery.event.data as { messageId?: unknown } | null)?.messageId;
  return {
    'http.request.method': 'POST',
    'mailplane.tenant_id': delivery.tenantId,
    'mailplane.webhook.delivery_id': delivery._id,
    'mailplane.webhook.endpoint_id': delivery.endpointId,
    'mailplane.event.id': delivery.event.id,
    'mailplane.event.type': delivery.event.type,
    ...(typeof messageId === 'string' ? { 'mailplane.message_id': messageId } : {}),
  };
}

/** One log line and one count per attempt made; the request id comes with the line (see consumers). */
function attempted(deps: WebhooksDeps, delivery: DeliveryRecord, result: PostResult, outcome: DeliveryOutcome, then: Outcome): Outcome {
  deps.metrics.delivery(outcome);
  deps.logger.info('webhook delivery attempt', {
    deliveryId: delivery._id,
    tenantId: delivery.tenantId,
    endpointId: delivery.endpointId,
    eventId: delivery.event.id,
    eventType: delivery.event.type,
    attempt: delivery.attempts.length + 1,
    outcome,
    statusCode: result.statusCode,
    durationMs: result.durationMs,
    ...(result.error ? { error: result.error } : {}),
  });
  return then;
}

// Held by another consumer, not due yet, already done, or replaced by a newer dispatch: look again when it could be ours.
async function notClaimed(deps: WebhooksDeps, item: WorkItem): Promise<Outcome> {
  const current = await deps.deliveries.byId(item.tenantId, item.deliveryId);
  if (!current || current.status !== 'pending') return ack();
  if (item.dispatchId && current.dispatchId && item.dispatchId !== current.dispatchId) return ack();
  const now = deps.clock.now().getTime();
  const due = Math.max(current.nextAttemptAt.getTime(), current.leaseUntil?.getTime() ?? 0);
  return retry(Math.max(50, due - now + 50));
}
