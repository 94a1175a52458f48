import type { Envelope } from '@mailplane/contracts';
import { requestIdHeaders } from '@mailplane/runtime';
import { carrying, type CarriesEvents } from '@mailplane/store';
import type { Attempt, AttemptChange, MessageRecord } from '../../data-access/messages-repo';
import type { RelayResult } from '../../transmit/smtp-relay';
import type { MailDeps } from '../deps';
import { messageEvent } from '../events';
import { enqueue, markUndispatched } from './dispatch';

const published = (deps: MailDeps, message: MessageRecord, event: Envelope) =>
  deps.broker.publish(event, { headers: requestIdHeaders(message.requestId) }).then(
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
  const change: Omit<AttemptChange, keyof CarriesEvents> = {
    status: outcome,
    updatedAt: now,
    leaseUntil: null,
    sentAt: outcome === 'sent' ? now : message.sentAt,
    nextAttemptAt: nextAttemptAt ?? message.nextAttemptAt,
    dispatchedAt: nextAttemptAt ?? message.dispatchedAt,
  };
  const next = { ...message, ...change, attempts: [...message.attempts, attempt] };
  const event = messageEvent(next, `email.${outcome}`, now, {
    attempt: next.attempts.length,
    smtpCode: result.smtpCode,
    response: attempt.response,
    ...(outcome === 'sent' ? { sentAt: now.toISOString() } : {}),
    ...(nextAttemptAt ? { nextAttemptAt: nextAttemptAt.toISOString() } : {}),
    ...(outcome === 'failed' ? { reason: result.outcome === 'permanent' ? 'rejected' : 'retries_exhausted' } : {}),
  });
  const announced = outcome !== 'deferred' && (await published(deps, message, event));
  const events = carrying(announced ? [] : [event]);
  const held = await deps.messages.recordAttempt(message, { ...change, ...events }, attempt);
  if (!held) {
    deps.logger.warn('lease lost before the attempt was recorded', { messageId: message._id, outcome });
    return;
  }
  deps.logger.info(`email ${outcome}`, {
    messageId: message._id,
    tenantId: message.tenantId,
    attempt: next.attempts.length,
    smtpCode: result.smtpCode,
    ...(nextAttemptAt ? { nextAttemptAt: nextAttemptAt.toISOString() } : {}),
  });
  if (outcome === 'deferred') {
    const deferred = { ...next, ...events };
    await enqueue(deps, deferred, retryDelay).catch(async (err) => {
      deps.logger.warn('deferred message not yet back on the queue', { messageId: message._id, err });
      await markUndispatched(deps, deferred);
    });
  }
}

/** The recipient joined the suppression list after the message was accepted: it ends `suppressed`, never relayed. */
export async function recordSuppressed(deps: MailDeps, message: MessageRecord): Promise<void> {
  const now = deps.clock.now();
  const event = messageEvent(message, 'email.suppressed', now);
  const announced = await published(deps, message, event);
  await deps.messages.recordSuppressed(message, now, announced ? [] : [event]);
}
