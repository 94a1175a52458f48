import { AppError, type Envelope } from '@mailplane/contracts';
import { auditEvent, publishOptionsOf, type AuditContext } from '@mailplane/runtime';
import type { MessageRecord } from '../../data-access/messages-repo';
import { loadBody } from '../bodies';
import type { MailDeps } from '../deps';
import { messageEvent } from '../events';
import { giveBackQuota } from '../limits';
import { messageView } from '../messages';
import { recipientsOf } from '../recipients';
import { standingOf } from '../reputation/standing';
import { scheduleTimeOf } from './schedule-time';

/** The events still to publish for a message, then `events`: a change never drops one the broker has not confirmed. */
const after = (m: MessageRecord, ...events: Envelope[]) => [...(m.eventsPending ? m.pendingEvents : []), ...events];

const recorded = (m: MessageRecord, audit: AuditContext, operationId: string, changes: Record<string, unknown>, at: Date) =>
  auditEvent(m.tenantId, audit, { operationId, target: { type: 'email', id: m._id }, changes }, at);

async function notScheduled(deps: MailDeps, tenantId: string, id: string): Promise<MessageRecord> {
  const current = await deps.messages.byId(tenantId, id);
  if (!current) throw new AppError('not_found', `No email ${id}`);
  return current;
}

const refusal = (m: MessageRecord) =>
  new AppError('not_scheduled', `Email ${m._id} is ${m.status}: only a scheduled email can be rescheduled or canceled.`);
const cancelRefusal = (m: MessageRecord) =>
  new AppError(
    'not_scheduled',
    `Email ${m._id} is ${m.status}: only a scheduled email, or one held while the tenant's sending is paused, can be canceled.`,
  );

async function cancelHeld(deps: MailDeps, current: MessageRecord, now: Date, events: (m: MessageRecord) => Envelope[]) {
  if (current.status !== 'queued' && current.status !== 'deferred') return null;
  if ((await standingOf(deps, current.tenantId)).status !== 'paused') return null;
  return deps.messages.cancelWaiting(current, now, events(current));
}

export async function rescheduleEmail(deps: MailDeps, tenantId: string, id: string, input: { scheduledAt: string }, audit: AuditContext) {
  const now = deps.clock.now();
  const at = scheduleTimeOf(input, now) as Date;
  const scheduledAt = at.toISOString();
  const moved = await deps.messages.reschedule(tenantId, id, at, now, (m) =>
    after(m, messageEvent(m, 'email.scheduled', now, { scheduledAt }), recorded(m, audit, 'updateEmail', { scheduledAt }, now)),
  );
  if (!moved) throw refusal(await notScheduled(deps, tenantId, id));
  deps.logger.info('email rescheduled', { messageId: id, tenantId, scheduledAt: at.toISOString() });
  void announce(deps, moved);
  return messageView(moved, await loadBody(deps, moved));
}

/** POST /emails/{id}/cancel: also one held while sending is paused; a repeated cancel changes nothing and writes nothing. */
export async function cancelEmail(deps: MailDeps, tenantId: string, id: string, audit: AuditContext) {
  const now = deps.clock.now();
  const events = (m: MessageRecord) =>
    after(m, messageEvent(m, 'email.canceled', now), recorded(m, audit, 'cancelEmail', { status: 'canceled' }, now));
  let canceled = await deps.messages.cancel(tenantId, id, now, events);
  if (!canceled) {
    const current = await notScheduled(deps, tenantId, id);
    if (current.status === 'canceled') return messageView(current, await loadBody(deps, current));
    canceled = await cancelHeld(deps, current, now, events);
    if (!canceled) throw cancelRefusal(current);
  }
  // What the send counted: its recipients to be mailed, or one.
  await giveBackQuota(
    deps,
    tenantId,
    canceled.createdAt,
    Math.max(1, recipientsOf(canceled).filter((r) => r.status === 'canceled').length),
  );
  deps.logger.info('email canceled', { messageId: id, tenantId });
  void announce(deps, canceled);
  return messageView(canceled, await loadBody(deps, canceled));
}

/** Publishes now what the change wrote; the sweeper publishes it later if the broker is away. */
async function announce(deps: MailDeps, message: MessageRecord) {
  await deps.messages
    .announce(message, (event: Envelope) => deps.broker.publish(event, publishOptionsOf(event)))
    .catch((err: unknown) => deps.logger.warn('email change stored, its event not yet published', { messageId: message._id, err }));
}
