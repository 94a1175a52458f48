import { AppError, MAX_ATTACHMENT_BYTES, type SendEmailRequest } from '@mailplane/contracts';
import { newId } from '@mailplane/runtime';
import type { MessageKind, MessageRecord } from '../data-access/messages-repo';
import type { IdentityRecord } from '../data-access/identities-repo';
import { enqueue, markUndispatched, publishPending } from '../pipeline/dispatch';
import { isSuppressed } from './suppressions';
import { parseMailbox } from './address';
import type { MailDeps } from './deps';
import { messageEvent } from './events';

export type SendInput = SendEmailRequest;

/** The identity that signs: the one named, or the tenant's identity of the From domain; it must be verified. */
export async function sendingIdentity(deps: MailDeps, tenantId: string, fromDomain: string, identityId?: string): Promise<IdentityRecord> {
  const identity = identityId ? await deps.identities.byId(tenantId, identityId) : await deps.identities.byDomain(tenantId, fromDomain);
  if (!identity) {
    throw new AppError(
      'identity_unverified',
      identityId ? `No identity ${identityId}.` : `No sending identity for ${fromDomain}; create and verify one first.`,
    );
  }
  if (identity.domain !== fromDomain) {
    throw new AppError('from_domain_mismatch', `The From domain ${fromDomain} is not the identity's domain ${identity.domain}.`);
  }
  if (identity.status !== 'verified') {
    throw new AppError(
      'identity_unverified',
      `The identity for ${identity.domain} is not verified; publish its DNS records and verify it.`,
    );
  }
  return identity;
}

/** The checks the contract cannot express; returns the parsed sender and recipient. */
export function checkInput(input: SendInput) {
  const to = parseMailbox('to', input.to);
  const attachmentBytes = (input.attachments ?? []).reduce((sum, a) => sum + Buffer.byteLength(a.content, 'base64'), 0);
  if (attachmentBytes > MAX_ATTACHMENT_BYTES) {
    throw new AppError('validation_failed', `Attachments may total ${MAX_ATTACHMENT_BYTES} bytes; these are ${attachmentBytes}.`, {
      extra: { errors: [{ path: '/body/attachments', message: `more than ${MAX_ATTACHMENT_BYTES} bytes in total` }] },
    });
  }
  if (input.replyTo) parseMailbox('replyTo', input.replyTo);
  return { from: parseMailbox('from', input.from), to };
}

/**
 * Stores the message as queued (durable from here on), then hands it to the outbox queue. A recipient on
 * the tenant's suppression list makes it `suppressed` instead: accepted, announced, never relayed.
 */
export async function acceptMessage(
  deps: MailDeps,
  tenantId: string,
  identity: IdentityRecord,
  input: SendInput & { recipient: string },
  kind: MessageKind,
): Promise<MessageRecord> {
  const now = deps.clock.now();
  const suppressed = await isSuppressed(deps, tenantId, input.recipient);
  const message: MessageRecord = {
    _id: newId('msg', now.getTime()),
    tenantId,
    kind,
    status: suppressed ? 'suppressed' : 'queued',
    identityId: identity._id,
    from: input.from,
    to: input.to,
    subject: input.subject,
    text: input.text ?? null,
    html: input.html ?? null,
    replyTo: input.replyTo ?? null,
    headers: input.headers ?? {},
    tags: input.tags ?? [],
    metadata: input.metadata ?? {},
    attachments: input.attachments ?? [],
    createdAt: now,
    updatedAt: now,
    sentAt: null,
    attempts: [],
    nextAttemptAt: now,
    // expected off the queue at once; cleared below if the broker refuses it
    dispatchedAt: now,
    leaseUntil: null,
    pendingEvents: [],
    eventsPending: true,
  };
  message.pendingEvents = [messageEvent(message, suppressed ? 'email.suppressed' : 'email.queued', now)];
  await deps.messages.insert(message);
  try {
    await (suppressed ? publishPending(deps, message) : enqueue(deps, message, 0));
  } catch (err) {
    // Stored is accepted: the outbox sweeper will put it on the queue once the broker is back.
    deps.logger.warn('message stored but not yet on the queue', { messageId: message._id, err });
    if (!suppressed) await markUndispatched(deps, message).catch(() => undefined);
  }
  return message;
}
