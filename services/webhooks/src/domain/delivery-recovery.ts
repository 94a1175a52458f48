import { publishOptionsOf } from '@mailplane/runtime';
import type { WebhooksDeps } from './deps';
import { redispatch } from './dispatch';

const BATCH = 500;

// An endpoint's change is published by its request; past this, the request died or the broker refused it.
const ANNOUNCE_GRACE_MS = 2000;

/**
 * At start-up: when the broker's queues are not the ones the pending deliveries' work items were put on (an
 * in-process broker is new with each process), those items died with the old ones, so one replica (a compare-and-set
 * on the mark) gives every pending delivery no worker holds a new item at once, a batch at a time; endpoints' audit
 * records published in the old queues' last minute died there too if the gateway had not taken them yet, so they wait
 * in their outbox again for the sweep (the gateway stores each once). RabbitMQ's durable queues keep their epoch: a
 * start there re-queues nothing, and what another replica holds stays its own.
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

/**
 * Runs under the lease `SWEEP_JOB`; `signal` aborts between deliveries once the lease is lost or the service stops,
 * and the next holder goes on. A pending delivery overdue by `redispatchAfterMs` that no worker holds has lost its
 * work item (the broker refused it, a process died holding it, an in-process broker's queue died with its process):
 * it gets a new one, every such delivery a batch at a time. Then endpoints' events (audit records, `endpoint.disabled`)
 * written and not yet published go out, published records kept past their minute are forgotten, and deletions whose
 * records are no longer kept lose their tombstones.
 */
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
