import type { MailDeps } from '../deps';
import { enqueue, inTraceOf, markUndispatched } from '../delivery/dispatch';
import { stillSilent } from '../event-listeners';
import { messageEvent } from '../events';

const BATCH = 500;

/** Each by a compare-and-set from `scheduled`, so two sweepers, a restart or a cancel at once never release one twice. */
export async function releaseDue(deps: MailDeps): Promise<number> {
  const now = deps.clock.now();
  let released = 0;
  for (const due of await deps.messages.dueScheduled(now, BATCH)) {
    const queued = (await stillSilent(deps, due)) ? [] : [messageEvent(due, 'email.queued', now)];
    const events = [...(due.eventsPending ? due.pendingEvents : []), ...queued];
    const message = await deps.messages.releaseScheduled(due, now, events);
    if (!message) continue;
    released++;
    deps.logger.info('scheduled email released', { messageId: message._id, tenantId: message.tenantId });
    await inTraceOf(message, 'release scheduled message', () => enqueue(deps, message, 0)).catch(async (err: unknown) => {
      deps.logger.warn('scheduled email released but not yet on the queue', { messageId: message._id, err });
      await markUndispatched(deps, message).catch(() => undefined);
    });
  }
  return released;
}
