import type { Attempt, MessageRecord } from '../data-access/messages-repo';
import type { MailDeps } from '../domain/deps';
import { messageEvent } from '../domain/events';
import { dispatch, publishPending } from './dispatch';
import type { RelayResult } from './smtp-relay';

/**
 * Writes the attempt and the new status with its event in one update (only if this worker still holds
 * the lease), then announces it; a deferred message goes back on the queue after its backoff delay.
 */
export async function recordAttempt(deps: MailDeps, message: MessageRecord, result: RelayResult): Promise<void> {
  const now = deps.clock.now();
  const retryDelay = deps.config.retryScheduleMs[message.attempts.length];
  const outcome = result.outcome === 'sent' ? 'sent' : result.outcome === 'temporary' && retryDelay !== undefined ? 'deferred' : 'failed';
  const nextAttemptAt = outcome === 'deferred' ? new Date(now.getTime() + retryDelay) : null;
  const attempt: Attempt = { at: now, outcome, smtpCode: result.smtpCode, response: result.response.slice(0, 1000), ...(nextAttemptAt ? { nextAttemptAt } : {}) };
  const next: MessageRecord = {
    ...message,
    status: outcome,
    updatedAt: now,
    leaseUntil: null,
    sentAt: outcome === 'sent' ? now : message.sentAt,
    attempts: [...message.attempts, attempt],
    nextAttemptAt: nextAttemptAt ?? message.nextAttemptAt,
  };
  const details = {
    attempt: next.attempts.length,
    smtpCode: result.smtpCode,
    response: attempt.response,
    ...(outcome === 'sent' ? { sentAt: now.toISOString() } : {}),
    ...(nextAttemptAt ? { nextAttemptAt: nextAttemptAt.toISOString() } : {}),
    ...(outcome === 'failed' ? { reason: result.outcome === 'permanent' ? 'rejected' : 'retries_exhausted' } : {}),
  };
  next.pendingEvents = [messageEvent(next, `email.${outcome}`, now, details)];
  next.eventsPending = true;
  const held = await deps.messages.change(
    message._id,
    { status: 'sending', leaseUntil: message.leaseUntil },
    {
      $set: {
        status: next.status, updatedAt: now, leaseUntil: null, sentAt: next.sentAt, nextAttemptAt: next.nextAttemptAt,
        pendingEvents: next.pendingEvents, eventsPending: true, ...(nextAttemptAt ? { dispatchedAt: nextAttemptAt } : {}),
      },
      $push: { attempts: attempt },
    },
  );
  if (!held) {
    deps.logger.warn('lease lost before the attempt was recorded', { messageId: message._id, outcome });
    return;
  }
  if (outcome === 'deferred') await dispatch(deps, next, retryDelay);
  else await publishPending(deps, next);
}
