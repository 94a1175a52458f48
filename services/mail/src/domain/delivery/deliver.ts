import { inSpan, SpanKind } from '@mailplane/telemetry';
import type { IdentityRecord } from '../../data-access/identities-repo';
import type { MessageBody, MessageRecord } from '../../data-access/messages-repo';
import type { RelayResult } from '../../transmit/smtp-relay';
import type { Transmitter, TransmitJob } from '../../transmit/transmitter';
import type { MailDeps, SmtpClass } from '../deps';
import { loadBody } from '../bodies';
import { isSuppressed, suppress } from '../suppressions';
import { outcomeFor, pendingOf } from '../recipients';
import { isHardBounce } from './bounces';
import { claimMessage } from './claim';
import { standingOf } from '../reputation/standing';
import { dispatch, markUndispatched } from './dispatch';
import { recordAttempt, recordSuppressed } from './record';

export interface DeliverDeps extends MailDeps {
  jobFor: (message: MessageRecord, body: MessageBody, identity: IdentityRecord, to: string[]) => TransmitJob;
  transmitter: Transmitter;
}

export type Delivery = { done: true } | { done: false; retryInMs: number };

const DONE: Delivery = { done: true };
// A pool that could not take the job in half a lease is busy: the work item comes back a little later.
const NOT_BEGUN_RETRY_MS = 200;

// The transaction itself may take the lease's last half, so a live worker never relays a message another may have taken over.
function transactionWindowMs(deps: MailDeps, message: MessageRecord): number {
  const leaseLeftMs = (message.leaseUntil?.getTime() ?? 0) - deps.clock.now().getTime();
  return Math.max(0, leaseLeftMs - deps.config.leaseMs / 2);
}

async function hold(deps: DeliverDeps, message: MessageRecord): Promise<Delivery> {
  const now = deps.clock.now();
  await deps.messages.release(message, now);
  const released = {
    ...message,
    status: message.attempts.length === 0 ? ('queued' as const) : ('deferred' as const),
    leaseUntil: null,
    updatedAt: now,
  };
  deps.metrics.deliveryHeld();
  await dispatch(deps, released, deps.config.reputation.holdRecheckMs).catch(async (err: unknown) => {
    deps.logger.warn('held message not yet back on the queue', { messageId: message._id, err });
    await markUndispatched(deps, released);
  });
  return DONE;
}

/** A recipient suppressed since acceptance is not mailed; a hard bounce puts the address on the tenant's suppression list. */
export async function deliver(deps: DeliverDeps, messageId: string, carried?: MessageBody): Promise<Delivery> {
  const claim = await claimMessage(deps, messageId);
  if (claim.kind === 'held') return { done: false, retryInMs: claim.retryInMs };
  if (claim.kind === 'nothing') return DONE;
  const { message } = claim;
  if ((await standingOf(deps, message.tenantId)).status === 'paused') return hold(deps, message);
  const identity = await deps.identities.sendingById(message.tenantId, message.identityId);
  if (!identity) {
    await recordAttempt(deps, message, { outcome: 'permanent', smtpCode: null, response: 'identity deleted before the message was sent' });
    return DONE;
  }
  const body = carried ?? (await loadBody(deps, message));
  if (!body) {
    // Retention spares live messages, so only a blob store that lost data gets here.
    deps.logger.error('message body missing', { messageId });
    await recordAttempt(deps, message, { outcome: 'permanent', smtpCode: null, response: 'message body no longer stored' });
    return DONE;
  }
  const pending = pendingOf(message);
  // The platform's own mail is exempt from the list (docs/decisions/system-mail-and-member-links.md).
  const listed = message.kind === 'system' ? [] : pending;
  const relisted = listed.length > 0 && (await deps.suppressions.mayHaveGrownSince(message.tenantId, message.createdAt, deps.clock.now()));
  const suppressedNow = new Set(
    (
      await Promise.all(
        (relisted ? listed : []).map(async (r) =>
          (await isSuppressed(deps, message.tenantId, r.address)) ? r.address.toLowerCase() : null,
        ),
      )
    ).filter((a): a is string => a !== null),
  );
  const to = pending.map((r) => r.address).filter((a) => !suppressedNow.has(a.toLowerCase()));
  if (to.length === 0) {
    await recordSuppressed(deps, message);
    return DONE;
  }
  const job = { ...deps.jobFor(message, body, identity, to), openWithinMs: transactionWindowMs(deps, message) };
  const result = await transmitTraced(deps, message, job);
  if (result.outcome === 'not-begun') {
    // Nothing reached the MTA: the message goes back as it was, to be claimed afresh with a whole lease.
    await deps.messages.release(message, deps.clock.now());
    return { done: false, retryInMs: NOT_BEGUN_RETRY_MS };
  }
  deps.metrics.deliveryAttempt(smtpClass(result));
  if (result.outcome === 'permanent' && result.smtpCode === null)
    deps.logger.error('message could not be built', { messageId, response: result.response });
  await recordAttempt(deps, message, result, suppressedNow);
  // Lost in a crash right here, the suppression comes back with the next bounce from the same address.
  for (const address of to) {
    if (isHardBounce(outcomeFor(result, address))) await suppress(deps, message.tenantId, { email: address, reason: 'bounced', messageId });
  }
  return DONE;
}

// Rendering and signing are the span's first milliseconds; ids and codes only.
function transmitTraced(deps: DeliverDeps, message: MessageRecord, job: TransmitJob) {
  const attributes = {
    'mailplane.message_id': message._id,
    'mailplane.tenant_id': message.tenantId,
    'mailplane.attempt': message.attempts.length + 1,
  };
  return inSpan('smtp send', { kind: SpanKind.CLIENT, attributes }, async (span) => {
    const result = await deps.transmitter.transmit(job);
    span?.setAttribute('mailplane.smtp.outcome', result.outcome);
    if (result.smtpCode !== null) span?.setAttribute('mailplane.smtp.code', result.smtpCode);
    return result;
  });
}

function smtpClass(result: RelayResult): SmtpClass {
  if (result.smtpCode !== null) return result.smtpCode >= 500 ? '5xx' : result.smtpCode >= 400 ? '4xx' : '2xx';
  // No reply code: the MTA could not be reached (retried), or the message could not be built (never sent).
  return result.outcome === 'temporary' ? 'connection' : 'local';
}
