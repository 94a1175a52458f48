import type { MessageRecord } from '../../data-access/messages-repo';
import type { MailDeps } from '../deps';
import { announceIdentity } from '../identities';
import { announceSuppression } from '../suppressions';
import { releaseDue } from '../scheduling/release';
import { announceEngagement } from '../tracking/record-engagement';
import { dispatch, publishPending } from './dispatch';

const BATCH = 500;
// A message just stored is being dispatched by its request; give that a moment before stepping in.
const GRACE_MS = 2000;

/**
 * The outbox relay. Re-sends to the queue whatever the broker refused, whatever stayed off the queue long
 * past its expected time, whatever a dead worker held past its lease, and events (of messages,
 * suppressions, identities, opens and clicks) written but not confirmed. `recover` also re-sends every live message at start-up, for an
 * in-process broker whose queue died with the process and for a process that died before its broker confirmed.
 */
export async function sweep(deps: MailDeps, options: { recover?: boolean } = {}): Promise<number> {
  const released = await releaseDue(deps);
  const now = deps.clock.now();
  const redispatch = async (due: MessageRecord[]) => {
    for (const message of due) await dispatch(deps, message, Math.max(0, message.nextAttemptAt.getTime() - now.getTime()));
    return due.length;
  };
  const dispatched = options.recover
    ? await recoverAll(deps, redispatch)
    : await redispatch(
        await deps.messages.dueForDispatch(now, { graceMs: GRACE_MS, redispatchAfterMs: deps.config.redispatchAfterMs }, BATCH),
      );
  const settled = new Date(now.getTime() - GRACE_MS);
  // A queued or deferred message's events go out with its next dispatch, above; these are final statuses.
  const unannounced = await deps.messages.unannouncedFinal(settled, BATCH);
  for (const message of unannounced) await publishPending(deps, message);
  const suppressions = await deps.suppressions.unannounced(settled, BATCH);
  for (const record of suppressions) await announceSuppression(deps, record);
  const identities = await deps.identities.unannounced(settled, BATCH);
  for (const record of identities) await announceIdentity(deps, record);
  const engagement = await deps.engagement.unannounced(settled, BATCH);
  for (const record of engagement) await announceEngagement(deps, record);
  return released + dispatched + unannounced.length + suppressions.length + identities.length + engagement.length;
}

/** Every live message, a batch at a time: one batch would leave the rest waiting `redispatchAfterMs` (ten minutes). */
async function recoverAll(deps: MailDeps, redispatch: (due: MessageRecord[]) => Promise<number>): Promise<number> {
  let total = 0;
  for (let afterId: string | undefined; ;) {
    const batch = await deps.messages.notFinal(BATCH, afterId);
    total += await redispatch(batch);
    if (batch.length < BATCH) return total;
    afterId = batch[batch.length - 1]._id;
  }
}
