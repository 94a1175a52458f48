import { ack, retry, type Outcome } from '@mailplane/broker';
import type { DeliveryAttempt, DeliveryRecord } from '../data-access/deliveries-repo';
import type { PostResult } from '../data-access/http-target';
import type { DeliveryOutcome, WebhooksDeps } from './deps';
import { signingSecrets } from './endpoints';
import { signatureHeader } from './signing';

const JITTER = 0.1;
const LONGEST_ASKED_DELAY_MS = 24 * 3600_000;

/** The next delay: the schedule's (±10%), or longer when the endpoint asked for it with `Retry-After`. */
function nextDelay(deps: WebhooksDeps, attemptsMade: number, askedMs: number | null): number | null {
  const scheduled = deps.config.retryScheduleMs[attemptsMade - 1];
  if (scheduled === undefined) return null;
  const jittered = scheduled * (1 + JITTER * (2 * Math.random() - 1));
  return Math.round(Math.max(jittered, Math.min(askedMs ?? 0, LONGEST_ASKED_DELAY_MS)));
}

/** One work item: take the delivery's lease, POST it signed, record the attempt, schedule the next one. */
export async function attemptDelivery(deps: WebhooksDeps, tenantId: string, deliveryId: string): Promise<Outcome> {
  const now = deps.clock.now();
  const delivery = await deps.deliveries.claim(tenantId, deliveryId, now, new Date(now.getTime() + deps.config.leaseMs));
  if (!delivery) return notClaimed(deps, tenantId, deliveryId);

  const endpoint = await deps.endpoints.byId(tenantId, delivery.endpointId);
  if (!endpoint || endpoint.disabled) {
    await deps.deliveries.finish(delivery, 'cancelled', null, deps.clock.now());
    deps.metrics.delivery('cancelled');
    return ack();
  }
  const body = JSON.stringify(delivery.event);
  const timestamp = Math.floor(deps.clock.now().getTime() / 1000);
  const signature = signatureHeader(signingSecrets(deps, endpoint), delivery.event.id, timestamp, body);
  const result = await deps.target.post(endpoint.url, { id: delivery.event.id, timestamp, signature, body, requestId: delivery.requestId });
  const attempt: DeliveryAttempt = {
    at: now,
    statusCode: result.statusCode,
    error: result.error,
    durationMs: result.durationMs,
    responseBody: result.responseBody,
    responseBodyTruncated: result.responseBodyTruncated,
  };
  if (result.outcome === 'delivered') {
    await deps.deliveries.finish(delivery, 'succeeded', attempt, deps.clock.now());
    return attempted(deps, delivery, result, 'delivered', ack());
  }
  if (result.outcome === 'gone') {
    // The receiver says the endpoint is gone for good: stop sending it anything.
    await deps.endpoints.disable(tenantId, delivery.endpointId, deps.clock.now());
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

// Held by another consumer, not due yet, or already done: look again when it could be ours.
async function notClaimed(deps: WebhooksDeps, tenantId: string, deliveryId: string): Promise<Outcome> {
  const current = await deps.deliveries.byId(tenantId, deliveryId);
  if (!current || current.status !== 'pending') return ack();
  const now = deps.clock.now().getTime();
  const due = Math.max(current.nextAttemptAt.getTime(), current.leaseUntil?.getTime() ?? 0);
  return retry(Math.max(50, due - now + 50));
}
