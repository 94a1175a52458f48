import type { MessageRecord } from '../../data-access/messages-repo';
import type { MailDeps } from '../deps';
import { dispatch } from './dispatch';

const BATCH = 500;
// From the write of `dispatchedAt` to the broker's confirm or refusal: the accept's deadline, then up to the
// broker's confirm timeout (10 s) per publish of the dispatch. Past it, a dispatch has settled either way.
export const DISPATCH_SETTLES_WITHIN_MS = 60_000;

const redispatch = async (deps: MailDeps, message: MessageRecord) =>
  dispatch(deps, message, Math.max(0, message.nextAttemptAt.getTime() - deps.clock.now().getTime()));

/**
 * At start-up on new queues (an in-process broker's are per process) one replica, by a compare-and-set on the mark, queues
 * every live message again, after re-arming audit records lost with the old queues. RabbitMQ's durable queues keep their epoch.
 */
export async function recoverLostQueue(deps: MailDeps): Promise<number> {
  // The outbox sweep publishes them: the gateway's queue is bound by a gateway that may start after this service.
  const kept = [deps.identities, deps.suppressions, deps.inboundRoutes, deps.templates, deps.messages];
  await deps.outboxQueue.rearmKept(deps.broker.queuesEpoch, kept, deps.logger);
  if (!(await deps.outboxQueue.moveTo(deps.broker.queuesEpoch))) return 0;
  let total = 0;
  for (let afterId: string | undefined; ;) {
    const batch = await deps.messages.notFinal(BATCH, afterId);
    for (const message of batch) await redispatch(deps, message);
    total += batch.length;
    if (batch.length < BATCH) break;
    afterId = batch[batch.length - 1]._id;
  }
  if (total > 0) deps.logger.info('outbox queue was lost: live messages put on the new one', { messages: total });
  return total;
}

/**
 * A replica whose record ran out may have died before its broker's confirms: what it dispatched in its last minute that is
 * still waiting goes on the queue again (a work item twice is harmless: the claim is a compare-and-set).
 */
export async function recoverGoneReplicas(deps: MailDeps, signal?: AbortSignal): Promise<number> {
  let total = 0;
  for (const gone of await deps.replicas.gone(10)) {
    const since = new Date(gone.seenAt.getTime() - DISPATCH_SETTLES_WITHIN_MS);
    let sent = 0;
    // Each dispatch clears `dispatchedBy`, so the same query yields the next batch.
    for (let batch = BATCH; batch === BATCH && !signal?.aborted;) {
      const due = await deps.messages.dispatchedBy(gone._id, since, BATCH);
      for (const message of due) await redispatch(deps, message);
      [batch, sent] = [due.length, sent + due.length];
    }
    if (signal?.aborted) break;
    await deps.replicas.forget(gone);
    deps.logger.warn('a replica died: its recent dispatches are on the queue again', { replica: gone._id, messages: sent });
    total += sent;
  }
  return total;
}
