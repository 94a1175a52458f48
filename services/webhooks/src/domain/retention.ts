import { setImmediate as yieldToDeliveries } from 'node:timers/promises';
import type { WebhooksDeps } from './deps';

const DAY_MS = 24 * 3600 * 1000;
const BATCH = 100;
// A backlog (the first start over months of deliveries) drains over several rounds rather than holding the store.
const MAX_BATCHES_PER_ROUND = 20;

export const RETENTION_JOB = 'webhooks.retention';

/** Small batches with the event loop free between them; a pending delivery is never deleted, whatever its age. */
export async function purgeDeliveries(deps: Pick<WebhooksDeps, 'deliveries' | 'clock' | 'config' | 'logger'>): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - deps.config.deliveryRetentionDays * DAY_MS);
  let purged = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_ROUND; batch++) {
    const due = await deps.deliveries.settledBefore(cutoff, BATCH);
    if (due.length === 0) break;
    purged += await deps.deliveries.removeSettled(due.map((d) => d._id));
    if (due.length < BATCH) break;
    await yieldToDeliveries();
  }
  if (purged > 0) deps.logger.info('webhook deliveries purged', { purged });
  return purged;
}
