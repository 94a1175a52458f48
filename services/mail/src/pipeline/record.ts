import type { Envelope } from '@mailplane/contracts';
import type { Attempt, MessageRecord } from '../data-access/messages-repo';
import type { MailDeps } from '../domain/deps';
import { messageEvent } from '../domain/events';
import { enqueue, markUndispatched } from './dispatch';
import type { RelayResult } from './smtp-relay';

const published = (deps: MailDeps, event: Envelope) =>
  deps.broker.publish(event).then(
    () => true,
    () => false,
  );

/**
 * Records the attempt and the new status in one update, only if this worker still holds the lease.
 * A final status (sent, failed) is announced first and written once, its event kept for the sweeper only
 * when the broker refused it. A deferred message is written with its event, then goes back on the queue
 * after its backoff delay; the next claim forgets the event once published.
 */
export async function recordAttempt(deps: MailDeps, message: MessageRecord, result: RelayResult): Promise<void> {
  const now = deps.clock.now();
  const retryDelay = deps.config.retryScheduleMs[message.attempts.length];
  const outcome = result.outcome === 'sent' ? 'sent' : result.outcome === 'temporary' && retryDelay !== undefined ? 'deferred' : 'failed';
  const nextAttemptAt = outcome === 'deferred' ? new Date(now.getTime() + retryDelay) : null;
  const attempt: Attempt = {
    at: now,
    outcome,
    smtpCode: result.smtpCode,
    response: result.response.slice(0, 1000),
    ...(nextAttemptAt ? { nextAttemptAt } : {}),
  };
  const next: MessageRecord = {
    ...message,
    status: outcome,
    updatedAt: now,
    leaseUntil: null,
    sentAt: outcome === 'sent' ? now : message.sentAt,
    attempts: [...message.attempts, attempt],
    nextAttemptAt: nextAttemptAt ?? message.nextAttemptAt,
    dispatchedAt: nextAttemptAt ?? message.dispatchedAt,
  };
  const event = messageEvent(next, `email.${outcome}`, now, {
    attempt: next.attempts.length,
    smtpCode: result.smtpCode,
    response: attempt.response,
    ...(outcome === 'sent' ? { sentAt: now.toISOString() } : {}),
    ...(nextAttemptAt ? { nextAttemptAt: nextAttemptAt.toISOString() } : {}),
    ...(outcome === 'failed' ? { reason: result.outcome === 'permanent' ? 'rejected' : 'retries_exhausted' } : {}),
  });
  const announced = outcome !== 'deferred' && (await published(deps, event));
  next.pendingEvents = announced ? [] : [event];
  next.eventsPending = !announced;
  const held = await deps.messages.change(
    message._id,
    { status: 'sending', leaseUntil: message.leaseUntil },
    {
      $set: {
        status: next.status,
        updatedAt: now,
        leaseUntil: null,
        sentAt: next.sentAt,
        nextAttemptAt: next.nextAttemptAt,
        dispatchedAt: next.dispatchedAt,
        pendingEvents: next.pendingEvents,
        eventsPending: next.eventsPending,
      },
      $push: { attempts: attempt },
    },
  );
  if (!held) {
    deps.logger.warn('lease lost before the attempt was recorded', { messageId: message._id, outcome });
    return;
  }
  if (outcome === 'deferred') {
    await enqueue(deps, next, retryDelay).catch(async (err) => {
      deps.logger.warn('deferred message not yet back on the queue', { messageId: message._id, err });
      await markUndispatched(deps, next);
    });
  }
}

/** The recipient joined the suppression list after the message was accepted: it ends `suppressed`, never relayed. */
export async function recordSuppressed(deps: MailDeps, message: MessageRecord): Promise<void> {
  const now = deps.clock.now();
  const event = messageEvent({ ...message, status: 'suppressed' }, 'email.suppressed', now);
  const announced = await published(deps, event);
  await deps.messages.change(
    message._id,
    { status: 'sending', leaseUntil: message.leaseUntil },
    {
      $set: { status: 'suppressed', updatedAt: now, leaseUntil: null, pendingEvents: announced ? [] : [event], eventsPending: !announced },
    },
  );
}
