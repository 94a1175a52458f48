import { publishOptionsOf } from '@mailplane/runtime';
import type { WebhooksDeps } from './deps';
import { redispatch } from './dispatch';

const BATCH = 500;

// An endpoint's change is published by its request; past this, the request died or the broker refused it.
const ANNOUNCE_GRACE_MS = 2000;

/**
 * When the broker's queues are new (an in-process broker's, each process), one replica gives every unheld pending
 * delivery a new work item, and endpoints' records published in the old queues' last minute wait in their outbox again.
 */
export async function recoverLostQueue(deps: WebhooksDeps): Promise<number> {
  await deps.deliveriesQueue.rearmKept(deps.broker.queuesEpoch, [deps.endpoints], deps.logger);
  if (!(await deps.deliveriesQueue.moveTo(deps.broker.queuesEpoch))) return 0;
  let total = 0;
  for (let afterId: string | undefined; ;) {
    const batch = await deps.deliveries.pendingAfter(afterId, BATCH);
    for (const delivery of batch) if (await redispatch(deps, delivery)) total++;
    if (batch.length < BATCH) break;
    afterId = batch[batch.length - 1]._id;
  }
  if (total > 0) {
    deps.metrics.redispatched(total);
    deps.logger.info('webhook deliveries queue was lost: pending deliveries put on the new one', { redispatched: total });
  }
  return total;
}

/** The sweeper's lease: one replica sweeps at a time, so no sweep gives a delivery two new work items. */
export const SWEEP_JOB = 'webhooks.sweep';

/** An unheld delivery overdue by `redispatchAfterMs` has lost its work item; `signal` aborts once the lease is lost. */
export async function sweep(deps: WebhooksDeps, signal: AbortSignal): Promise<number> {
  let redispatched = 0;
  while (!signal.aborted) {
    const now = deps.clock.now();
    const overdue = await deps.deliveries.overdue(new Date(now.getTime() - deps.config.redispatchAfterMs), now, BATCH);
    let sent = 0;
    for (const delivery of overdue) {
      if (signal.aborted) break;
      if (await redispatch(deps, delivery)) sent++;
    }
    redispatched += sent;
    // Each one sent is due now, out of the next batch's range; a batch of losers only means others moved them.
    if (overdue.length < BATCH || sent === 0) break;
  }
  if (redispatched > 0) {
    deps.metrics.redispatched(redispatched);
    deps.logger.warn('webhook deliveries queued again', { redispatched });
  }
  const before = new Date(deps.clock.now().getTime() - ANNOUNCE_GRACE_MS);
  for (const endpoint of await deps.endpoints.unannounced(before, BATCH)) {
    if (signal.aborted) break;
    await deps.endpoints.announce(endpoint, (event) => deps.broker.publish(event, publishOptionsOf(event)));
  }
  await deps.endpoints.dropKept();
  await deps.endpoints.dropTombstones();
  return redispatched;
}
