import { ack, retry, type Outcome } from '@mailplane/broker';
import type { DeliveryAttempt, DeliveryRecord } from '../data-access/deliveries-repo';
import type { WebhooksDeps } from './deps';
import { signingSecrets } from './endpoints';
import { signatureHeader } from './signing';

const JITTER = 0.1;

/** The next delay: the schedule's (±10%), or longer when the endpoint asked for it with `Retry-After`. */
function nextDelay(deps: WebhooksDeps, attemptsMade: number, retryAfter: string | null): number | null {
  const scheduled = deps.config.retryScheduleMs[attemptsMade - 1];
  if (scheduled === undefined) return null;
  const jittered = scheduled * (1 + JITTER * (2 * Math.random() - 1));
  let asked = 0;
  if (retryAfter && /^\d+$/.test(retryAfter)) asked = Number(retryAfter) * 1000;
  else if (retryAfter && !Number.isNaN(Date.parse(retryAfter))) asked = Date.parse(retryAfter) - deps.clock.now().getTime();
  return Math.round(Math.max(jittered, Math.min(asked, 24 * 3600_000)));
}

/** One work item: take the delivery's lease, POST it signed, record the attempt, schedule the next one. */
export async function attemptDelivery(deps: WebhooksDeps, deliveryId: string): Promise<Outcome> {
  const now = deps.clock.now();
  const delivery = await deps.deliveries.claim(
    deliveryId,
    { status: 'pending', nextAttemptAt: { $lte: now }, $or: [{ leaseUntil: null }, { leaseUntil: { $lt: now } }] },
    { $set: { leaseUntil: new Date(now.getTime() + deps.config.leaseMs) } },
  );
  if (!delivery) return notClaimed(deps, deliveryId);

  const endpoint = await deps.endpoints.byId(delivery.tenantId, delivery.endpointId);
  if (!endpoint || endpoint.disabled) {
    await finish(deps, delivery, 'cancelled');
    return ack();
  }
  const body = JSON.stringify(delivery.event);
  const timestamp = Math.floor(deps.clock.now().getTime() / 1000);
  const result = await deps.target.post(endpoint.url, body, {
    'webhook-id': delivery.event.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(signingSecrets(deps, endpoint), delivery.event.id, timestamp, body),
  });
  const attempt: DeliveryAttempt = { at: now, statusCode: result.statusCode, error: result.error, durationMs: result.durationMs };
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  if (ok) {
    await finish(deps, delivery, 'succeeded', attempt);
    return ack();
  }
  if (result.statusCode === 410) {
    // The receiver says the endpoint is gone for good: stop sending it anything.
    await deps.endpoints.update(delivery.tenantId, delivery.endpointId, { $set: { disabled: true, updatedAt: deps.clock.now() } });
    await finish(deps, delivery, 'failed', attempt);
    return ack();
  }
  const delay = nextDelay(deps, delivery.attempts.length + 1, result.retryAfter);
  if (delay === null) {
    await finish(deps, delivery, 'failed', attempt);
    return ack();
  }
  const held = await deps.deliveries.change(
    delivery._id,
    { leaseUntil: delivery.leaseUntil },
    {
      $set: { nextAttemptAt: new Date(now.getTime() + delay), leaseUntil: null, updatedAt: deps.clock.now() },
      $push: { attempts: attempt },
    },
  );
  return held ? retry(delay) : ack();
}

async function finish(deps: WebhooksDeps, delivery: DeliveryRecord, status: DeliveryRecord['status'], attempt?: DeliveryAttempt) {
  await deps.deliveries.change(
    delivery._id,
    { leaseUntil: delivery.leaseUntil },
    { $set: { status, leaseUntil: null, updatedAt: deps.clock.now() }, ...(attempt ? { $push: { attempts: attempt } } : {}) },
  );
}

// Held by another consumer, not due yet, or already done: look again when it could be ours.
async function notClaimed(deps: WebhooksDeps, deliveryId: string): Promise<Outcome> {
  const current = await deps.deliveries.byId(deliveryId);
  if (!current || current.status !== 'pending') return ack();
  const now = deps.clock.now().getTime();
  const due = Math.max(current.nextAttemptAt.getTime(), current.leaseUntil?.getTime() ?? 0);
  return retry(Math.max(50, due - now + 50));
}
