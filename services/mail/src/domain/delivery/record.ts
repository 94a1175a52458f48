import type { Envelope } from '@mailplane/contracts';
import { requestIdHeaders } from '@mailplane/runtime';
import { carrying, type CarriesEvents } from '@mailplane/store';
import type { Attempt, AttemptChange, MessageRecord } from '../../data-access/messages-repo';
import type { RelayResult } from '../../transmit/smtp-relay';
import type { MailDeps } from '../deps';
import { stillSilent } from '../event-listeners';
import { messageEvent } from '../events';
import { afterAttempt, messageOutcome, recipientsOf } from '../recipients';
import { countAttempt } from '../reputation/counting';
import { countEvent } from '../stats';
import { enqueue, markUndispatched, publishPending } from './dispatch';

const published = (deps: MailDeps, message: MessageRecord, event: Envelope) =>
  deps.broker.publish(event, { headers: requestIdHeaders(message.requestId) }).then(
    () => true,
    () => false,
  );

/**
 * The MTA's 250 is written, with its event, before anything else may fail or wait (the broker may be down), even if the
 * lease ran out meanwhile: it is a fact whoever holds the message now. Other outcomes only while the lease holds.
 */
export async function recordAttempt(
  deps: MailDeps,
  message: MessageRecord,
  result: RelayResult,
  suppressedNow = new Set<string>(),
): Promise<void> {
  const now = deps.clock.now();
  const retryDelay = deps.config.retryScheduleMs[message.attempts.length];
  const recipients = afterAttempt(message, result, suppressedNow, retryDelay !== undefined);
  const outcome = messageOutcome(recipients);
  const before = recipientsOf(message);
  const handedOver = recipients.some((r, i) => r.status === 'sent' && before[i].status !== 'sent');
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
    recipients,
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
  const recorded = { ...next, ...carrying((await stillSilent(deps, message)) ? [] : [event]) };
  const written = await deps.messages.recordAttempt(message, recorded, attempt, { handedOver });
  if (!written) {
    deps.logger.warn('lease lost before the attempt was recorded', { messageId: message._id, outcome });
    return;
  }
  countEvent(deps, message.tenantId, outcome === 'failed' && result.outcome === 'permanent' ? 'bounced' : outcome, now);
  countAttempt(deps, message, before, recipients, result, now);
  deps.logger.info(`email ${outcome}`, {
    messageId: message._id,
    tenantId: message.tenantId,
    attempt: next.attempts.length,
    smtpCode: result.smtpCode,
    ...(nextAttemptAt ? { nextAttemptAt: nextAttemptAt.toISOString() } : {}),
  });
  if (outcome !== 'deferred') {
    await publishPending(deps, recorded).catch((err) => deps.logger.warn('event left for the sweeper', { messageId: message._id, err }));
    return;
  }
  await enqueue(deps, recorded, retryDelay).catch(async (err) => {
    deps.logger.warn('deferred message not yet back on the queue', { messageId: message._id, err });
    await markUndispatched(deps, recorded);
  });
}

/** The recipient joined the suppression list after the message was accepted: it ends `suppressed`, never relayed. */
export async function recordSuppressed(deps: MailDeps, message: MessageRecord): Promise<void> {
  const now = deps.clock.now();
  const event = messageEvent(message, 'email.suppressed', now);
  const announced = (await stillSilent(deps, message)) || (await published(deps, message, event));
  const recipients = recipientsOf(message).map((r) => (r.status === 'pending' ? { ...r, status: 'suppressed' as const } : r));
  if (await deps.messages.recordSuppressed(message, now, recipients, announced ? [] : [event]))
    countEvent(deps, message.tenantId, 'suppressed', now);
}
