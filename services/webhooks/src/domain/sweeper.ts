import type { WebhooksDeps } from './deps';
import { redispatch } from './dispatch';

const BATCH = 500;

/**
 * One round of the sweeper, run by one replica at a time (it holds the `webhooks-sweeper` lease, see service.ts).
 * A pending delivery overdue by `redispatchAfterMs` that no worker holds has lost its work item (the broker refused
 * it, a process died holding it, an in-process broker's queue died with its process): it gets a new one, every such
 * delivery a batch at a time. Then `endpoint.disabled` events written that long ago and not yet published go out.
 * Stops between batches once `signal` aborts (the lease was lost, or the service is stopping); the next holder goes on.
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
  const before = new Date(deps.clock.now().getTime() - deps.config.redispatchAfterMs);
  for (const endpoint of await deps.endpoints.unannounced(before, BATCH)) {
    if (signal.aborted) break;
    await deps.endpoints.announce(endpoint, (event) => deps.broker.publish(event));
  }
  return redispatched;
}
