import type { MailDeps } from '../deps';
import { announceIdentity } from '../identities';
import { announceSuppression } from '../suppressions';
import { releaseDue } from '../scheduling/release';
import { dispatch, publishPending } from './dispatch';

const BATCH = 500;
// A message just stored is being dispatched by its request; give that a moment before stepping in.
const GRACE_MS = 2000;

/**
 * The outbox relay. Re-sends to the queue whatever the broker refused, whatever stayed off the queue long
 * past its expected time, whatever a dead worker held past its lease, and events (of messages,
 * suppressions and identities) written but not confirmed. `recover` also re-sends every live message at start-up, for an
 * in-process broker whose queue died with the process and for a process that died before its broker confirmed.
 */
export async function sweep(deps: MailDeps, options: { recover?: boolean } = {}): Promise<number> {
  const released = await releaseDue(deps);
  const now = deps.clock.now();
  const due = options.recover
    ? await deps.messages.notFinal(BATCH)
    : await deps.messages.dueForDispatch(now, { graceMs: GRACE_MS, redispatchAfterMs: deps.config.redispatchAfterMs }, BATCH);
  for (const message of due) {
    await dispatch(deps, message, Math.max(0, message.nextAttemptAt.getTime() - now.getTime()));
  }
  const settled = new Date(now.getTime() - GRACE_MS);
  // A queued or deferred message's events go out with its next dispatch, above; these are final statuses.
  const unannounced = await deps.messages.unannouncedFinal(settled, BATCH);
  for (const message of unannounced) await publishPending(deps, message);
  const suppressions = await deps.suppressions.unannounced(settled, BATCH);
  for (const record of suppressions) await announceSuppression(deps, record);
  const identities = await deps.identities.unannounced(settled, BATCH);
  for (const record of identities) await announceIdentity(deps, record);
  return released + due.length + unannounced.length + suppressions.length + identities.length;
}
