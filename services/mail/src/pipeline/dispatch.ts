import { QUEUES, WORK_TYPES, type Envelope } from '@mailplane/contracts';
import { newId } from '@mailplane/runtime';
import type { MessageRecord } from '../data-access/messages-repo';
import type { MailDeps } from '../domain/deps';

function workItem(message: MessageRecord, at: Date): Envelope<{ messageId: string }> {
  return {
    id: newId('wrk', at.getTime()),
    type: WORK_TYPES.mailSend,
    version: 1,
    occurredAt: at.toISOString(),
    tenantId: message.tenantId,
    correlationId: message._id,
    data: { messageId: message._id },
  };
}

/** Publishes the events written with the message's last change, then forgets them (if nothing changed since). */
export async function publishPending(deps: MailDeps, message: MessageRecord): Promise<void> {
  if (!message.eventsPending) return;
  for (const event of message.pendingEvents) await deps.broker.publish(event);
  await deps.messages.change(message._id, { updatedAt: message.updatedAt, eventsPending: true }, { $set: { pendingEvents: [], eventsPending: false } });
}

/**
 * Announces the last change, then puts the message on the outbox queue (after `delayMs`). Events go first
 * so that a fast worker's later event can never overtake them. `dispatchedAt` records when the message is
 * expected off the queue; the sweeper re-sends anything whose expected time passed long ago.
 */
export async function dispatch(deps: MailDeps, message: MessageRecord, delayMs: number): Promise<void> {
  const at = deps.clock.now();
  for (const event of message.eventsPending ? message.pendingEvents : []) await deps.broker.publish(event);
  await deps.broker.send(QUEUES.mailOutbox, workItem(message, at), delayMs > 0 ? { delayMs } : undefined);
  await deps.messages.change(
    message._id,
    { updatedAt: message.updatedAt },
    { $set: { dispatchedAt: new Date(at.getTime() + delayMs), pendingEvents: [], eventsPending: false } },
  );
}
