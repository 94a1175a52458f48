import type { SendEmailRequest } from '@mailplane/contracts';
import { newId } from '@mailplane/runtime';
import { activeTraceparent, annotateSpan } from '@mailplane/telemetry';
import { carrying, type CarriesEvents } from '@mailplane/store';
import type { MessageBody, MessageKind, MessageRecord } from '../data-access/messages-repo';
import type { TenantRecord } from '../data-access/entitlements-repo';
import type { IdentityRecord } from '../data-access/identities-repo';
import { bodyOf, describeAttachments } from './bodies';
import { ensureTimeLeft, UNBOUNDED, type Budget } from './budget';
import { enqueue, markUndispatched, publishPending } from './delivery/dispatch';
import { bodyExpiry } from './retention/policy';
import { addressesOf, initialStates, parseRecipients, resolveRecipients, type ResolvedRecipients } from './recipients';
import type { MailDeps } from './deps';
import { announces, silentFor } from './event-listeners';
import { messageEvent } from './events';
import { countEvent } from './stats';
import type { TemplateRef } from '../templates/domain/send-content';
import type { MessageTracking } from '../tracking/domain/settings';

export interface AcceptedEmail {
  id: string;
  status: 'queued' | 'scheduled' | 'suppressed';
  kind: MessageKind;
  createdAt: string;
  scheduledAt?: string;
}

/** The answer the send got; a message suppressed later but before any attempt reads `suppressed` too (it is never relayed). */
export const acceptedAs = (m: MessageRecord): AcceptedEmail => {
  if (m.status === 'suppressed' && m.attempts.length === 0)
    return { id: m._id, status: 'suppressed', kind: m.kind, createdAt: m.createdAt.toISOString() };
  const scheduled = m.scheduledAt
    ? { status: 'scheduled' as const, scheduledAt: m.scheduledAt.toISOString() }
    : { status: 'queued' as const };
  return { id: m._id, ...scheduled, kind: m.kind, createdAt: m.createdAt.toISOString() };
};

export interface Acceptance {
  identity: IdentityRecord;
  input: SendEmailRequest;
  kind: MessageKind;
  messageId?: string;
  /** The Message-ID a submitted message keeps (SMTP submission). */
  messageIdHeader?: string;
  requestId?: string;
  scheduledAt?: Date | null;
  /** Resolved by the caller when it counted them against the quota; resolved here otherwise. */
  recipients?: ResolvedRecipients;
  /** The template version `input` was rendered from, and the variables it was rendered with (kept with the body). */
  template?: TemplateRef | null;
  variables?: Record<string, unknown> | null;
  tracking?: MessageTracking | null;
  /** Mail's record of the tenant, when the caller read it already (null: none); read here otherwise. */
  tenant?: TenantRecord | null;
}

async function recordFor(deps: MailDeps, tenantId: string, a: Acceptance, now: Date): Promise<MessageRecord> {
  const { identity, input } = a;
  const [resolved, tenant] = await Promise.all([
    a.recipients ?? resolveRecipients(deps, tenantId, parseRecipients(input)),
    a.tenant === undefined ? deps.entitlements.byTenant(tenantId) : a.tenant,
  ]);
  const bodyExpiresAt = await bodyExpiry(deps, tenantId, now, tenant);
  const recipients = initialStates(resolved);
  const suppressed = recipients.every((r) => r.status === 'suppressed');
  const scheduledAt = suppressed ? null : (a.scheduledAt ?? null);
  const fields: Omit<MessageRecord, keyof CarriesEvents> = {
    _id: a.messageId ?? newId('msg', now.getTime()),
    tenantId,
    kind: a.kind,
    status: suppressed ? 'suppressed' : scheduledAt ? 'scheduled' : 'queued',
    identityId: identity._id,
    from: input.from,
    to: resolved.parsed.toHeader,
    ...(resolved.parsed.cc.length ? { cc: resolved.parsed.cc } : {}),
    recipients,
    recipientAddresses: addressesOf(recipients),
    // Every acceptance has one: the contract's, or its template's rendered.
    subject: input.subject ?? '',
    replyTo: input.replyTo ?? null,
    headers: input.headers ?? {},
    tags: input.tags ?? [],
    metadata: input.metadata ?? {},
    attachedFiles: describeAttachments(input.attachments ?? []),
    bodyExpiresAt,
    bodyPurgedAt: null,
    createdAt: now,
    updatedAt: now,
    sentAt: null,
    attempts: [],
    nextAttemptAt: scheduledAt ?? now,
    scheduledAt,
    // expected off the queue at once; cleared if the broker refuses it (a scheduled one is not on it)
    dispatchedAt: scheduledAt ? null : now,
    leaseUntil: null,
    requestId: a.requestId ?? null,
    ...traceOfRequest(),
    ...(a.messageIdHeader ? { messageIdHeader: a.messageIdHeader } : {}),
    template: a.template ?? null,
    tracking: a.tracking ?? null,
    ...(silentFor(tenant) ? { silent: true } : {}),
  };
  const event = suppressed
    ? messageEvent(fields, 'email.suppressed', now)
    : scheduledAt
      ? messageEvent(fields, 'email.scheduled', now, { scheduledAt: scheduledAt.toISOString() })
      : messageEvent(fields, 'email.queued', now);
  return { ...fields, ...carrying(announces(tenant, event.type) ? [event] : []) };
}

/**
 * Body, then record (the send is accepted from here on), then the outbox queue unawaited; a crash between the writes leaves
 * an orphan blob (docs/decisions/message-bodies.md). Null when a racing request with the same Idempotency-Key won.
 */
export async function acceptMessage(
  deps: MailDeps,
  tenantId: string,
  a: Acceptance,
  budget: Budget = UNBOUNDED,
): Promise<AcceptedEmail | null> {
  const message = await recordFor(deps, tenantId, a, deps.clock.now());
  annotateSpan({ 'mailplane.message_id': message._id });
  ensureTimeLeft(budget);
  const body = bodyOf(a.input, a.variables);
  await deps.bodies.save(message._id, body);
  ensureTimeLeft(budget);
  // Not undone if the insert fails: a failure may still have written the record, which must find its body.
  if (!(await deps.messages.insertNew(message))) return null;
  afterAccepted(deps, message, body);
  return acceptedAs(message);
}

/** The same for many: one insert of every record (all or none on the embedded store); null when a racing retry won. */
export async function acceptMessages(
  deps: MailDeps,
  tenantId: string,
  list: Acceptance[],
  budget: Budget = UNBOUNDED,
): Promise<AcceptedEmail[] | null> {
  const now = deps.clock.now();
  const messages = await Promise.all(list.map((a) => recordFor(deps, tenantId, a, now)));
  ensureTimeLeft(budget);
  const bodies = list.map((a) => bodyOf(a.input, a.variables));
  await Promise.all(messages.map((m, i) => deps.bodies.save(m._id, bodies[i])));
  ensureTimeLeft(budget);
  if (!(await deps.messages.insertAllNew(messages))) return null;
  messages.forEach((message, i) => afterAccepted(deps, message, bodies[i]));
  return messages.map(acceptedAs);
}

function afterAccepted(deps: MailDeps, message: MessageRecord, body: MessageBody) {
  deps.logger.info('email accepted', { messageId: message._id, tenantId: message.tenantId, kind: message.kind, status: message.status });
  const offTheQueue = message.status !== 'queued';
  countEvent(deps, message.tenantId, 'accepted', message.createdAt);
  if (message.status === 'suppressed') countEvent(deps, message.tenantId, 'suppressed', message.createdAt);
  // Stored is accepted: the answer does not wait for the broker's confirms (docs/decisions/transactional-outbox.md).
  void dispatchAccepted(deps, message, offTheQueue, body);
}

// What this leaves undone (broker away, process killed) the outbox sweeper does: at once when marked undispatched here,
// after `redispatchAfterMs` when the confirm never came, and for every live message at start-up.
async function dispatchAccepted(deps: MailDeps, message: MessageRecord, offTheQueue: boolean, body: MessageBody): Promise<void> {
  try {
    await (offTheQueue ? publishPending(deps, message) : enqueue(deps, message, 0, body));
  } catch (err) {
    deps.logger.warn('message stored but not yet on the queue', { messageId: message._id, err });
    if (!offTheQueue) await markUndispatched(deps, message).catch(() => undefined);
  }
}

function traceOfRequest(): { traceparent?: string } {
  const traceparent = activeTraceparent();
  return traceparent ? { traceparent } : {};
}
