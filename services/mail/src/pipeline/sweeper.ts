import type { MessageRecord } from '../data-access/messages-repo';
import type { MailDeps } from '../domain/deps';
import { dispatch, publishPending } from './dispatch';
import { announceSuppression } from '../domain/suppressions';
import { announceIdentity } from '../domain/identities';

const BATCH = 500;
// A message just stored is being dispatched by its request; give that a moment before stepping in.
const GRACE_MS = 2000;
const FINAL = ['sent', 'failed', 'suppressed'];

/**
 * The outbox relay. Re-sends to the queue whatever the broker refused, whatever stayed off the queue long
 * past its expected time, whatever a dead worker held past its lease, and events (of messages,
 * suppressions and identities) written but not confirmed. `recover` also re-sends every live message at start-up, for an
 * in-process broker whose queue died with the process and for a process that died before its broker confirmed.
 */
export async function sweep(deps: MailDeps, options: { recover?: boolean } = {}): Promise<number> {
  const now = deps.clock.now().getTime();
  const before = (ms: number) => new Date(now - ms);
  const live = { status: { $in: ['queued', 'deferred'] } };
  const due: MessageRecord[] = await deps.messages.find(
    options.recover
      ? { status: { $in: ['queued', 'deferred', 'sending'] } }
      : {
          $or: [
            { ...live, dispatchedAt: null, createdAt: { $lt: before(GRACE_MS) } },
            { ...live, dispatchedAt: { $lt: before(deps.config.redispatchAfterMs) } },
            { status: 'sending', leaseUntil: { $lt: before(0) }, dispatchedAt: { $lt: before(deps.config.redispatchAfterMs) } },
          ],
        },
    BATCH,
  );
  for (const message of due) {
    await dispatch(deps, message, Math.max(0, message.nextAttemptAt.getTime() - now));
  }
  // A queued or deferred message's events go out with its next dispatch, above; these are final statuses.
  const unannounced = await deps.messages.find(
    { eventsPending: true, status: { $in: FINAL }, updatedAt: { $lt: before(GRACE_MS) } },
    BATCH,
  );
  for (const message of unannounced) await publishPending(deps, message);
  const suppressions = await deps.suppressions.unannounced(before(GRACE_MS), BATCH);
  for (const record of suppressions) await announceSuppression(deps, record);
  const identities = await deps.identities.unannounced(before(GRACE_MS), BATCH);
  for (const record of identities) await announceIdentity(deps, record);
  return due.length + unannounced.length + suppressions.length + identities.length;
}
