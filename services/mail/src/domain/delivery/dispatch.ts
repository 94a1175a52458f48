import { QUEUES, WORK_TYPES, type Envelope } from '@mailplane/contracts';
import { newEnvelope, publishOptionsOf, requestIdHeaders } from '@mailplane/runtime';
import { inSpanFrom } from '@mailplane/telemetry';
import type { MessageBody, MessageRecord } from '../../data-access/messages-repo';
import type { MailDeps } from '../deps';

// Rides on the work item; a larger body, or a template's (its variables are not counted here), is read from the blob store.
const CARRIED_BODY_BYTES = 32 * 1024;

const sizeOf = (body: MessageBody) =>
  (body.text?.length ?? 0) + (body.html?.length ?? 0) + body.attachments.reduce((sum, a) => sum + a.content.length, 0);

const workItem = (message: MessageRecord, at: Date, body?: MessageBody) =>
  newEnvelope('work', WORK_TYPES.mailSend, at, {
    tenantId: message.tenantId,
    correlationId: message._id,
    data: { messageId: message._id, ...(body && !body.variables && sizeOf(body) <= CARRIED_BODY_BYTES ? { body } : {}) },
  });

/** Publishes the events written with the message's last change, then forgets them (if nothing changed since). */
export async function publishPending(deps: MailDeps, message: MessageRecord): Promise<void> {
  const headers = requestIdHeaders(message.requestId);
  await deps.messages.announce(message, (event: Envelope) => deps.broker.publish(event, { headers, ...publishOptionsOf(event) }));
}

/**
 * Events first, so a worker that claims the message may forget them (the claim clears them) and a fast worker's later event
 * never overtakes them. Writes nothing: the caller stored `dispatchedAt` and clears it if this throws, for the sweeper.
 */
export async function enqueue(deps: MailDeps, message: MessageRecord, delayMs: number, body?: MessageBody): Promise<void> {
  const headers = requestIdHeaders(message.requestId);
  for (const event of message.eventsPending ? message.pendingEvents : [])
    await deps.broker.publish(event, { headers, ...publishOptionsOf(event) });
  await deps.broker.send(QUEUES.mailOutbox, workItem(message, deps.clock.now(), body), { headers, ...(delayMs > 0 ? { delayMs } : {}) });
}

/** Runs `fn` (a sweeper's release of the message) in the trace of the request that accepted it: its delivery joins it. */
export const inTraceOf = <T>(message: MessageRecord, name: string, fn: () => Promise<T>): Promise<T> =>
  inSpanFrom(
    message.traceparent ? { traceparent: message.traceparent } : {},
    name,
    { attributes: { 'mailplane.message_id': message._id, 'mailplane.tenant_id': message.tenantId } },
    fn,
  );

/** `enqueue`, for the sweeper: records when the message is expected off the queue, so it is not re-sent every sweep. */
export async function dispatch(deps: MailDeps, message: MessageRecord, delayMs: number): Promise<void> {
  const at = deps.clock.now();
  await inTraceOf(message, 'redispatch message', () => enqueue(deps, message, delayMs));
  await deps.messages.dispatched(message, new Date(at.getTime() + delayMs));
}

export async function markUndispatched(deps: MailDeps, message: MessageRecord): Promise<void> {
  await deps.messages.undispatched(message);
}
