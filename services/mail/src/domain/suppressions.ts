import { AppError, type Envelope } from '@mailplane/contracts';
import { auditEvent, newEnvelope, pageOf, type AuditContext } from '@mailplane/runtime';
import type { SuppressionReason, SuppressionRecord } from '../data-access/suppressions-repo';
import { announceChange } from './announce';
import type { MailDeps } from './deps';
import { countEvent } from './stats';

export function suppressionView(r: SuppressionRecord) {
  return { email: r.email, reason: r.reason, createdAt: r.createdAt.toISOString(), messageId: r.messageId };
}

const suppressionChange = (email: string, operationId: string, changes: Record<string, unknown>) => ({
  operationId,
  target: { type: 'suppression', id: email },
  changes,
});

/** Once: an address already listed keeps its first record, and nothing is recorded. */
export async function suppress(
  deps: MailDeps,
  tenantId: string,
  input: { email: string; reason: SuppressionReason; messageId?: string | null },
  audit?: AuditContext,
) {
  const now = deps.clock.now();
  const email = input.email.toLowerCase();
  const events: Envelope[] =
    input.reason === 'unsubscribed'
      ? [
          newEnvelope('event', 'recipient.unsubscribed', now, {
            tenantId,
            correlationId: input.messageId ?? email,
            data: { email, messageId: input.messageId ?? null },
          }),
        ]
      : [];
  if (audit) events.push(auditEvent(tenantId, audit, suppressionChange(email, 'addSuppression', { reason: input.reason }), now));
  const result = await deps.suppressions.add(
    { tenantId, email, reason: input.reason, messageId: input.messageId ?? null, createdAt: now },
    events,
  );
  if (result.created) countEvent(deps, tenantId, 'suppressionsAdded', now);
  // Stored is done: if the broker is away, the outbox sweeper announces it later.
  if (result.created && events.length > 0) await announceSuppression(deps, result.record);
  return result;
}

export const announceSuppression = (deps: MailDeps, record: SuppressionRecord) => announceChange(deps, deps.suppressions, record);

export async function isSuppressed(deps: MailDeps, tenantId: string, address: string): Promise<boolean> {
  return deps.suppressions.has(tenantId, address);
}

export async function listSuppressions(deps: MailDeps, tenantId: string, query: { q?: string; limit: number; offset: number }) {
  const page = { limit: query.limit, offset: query.offset };
  return pageOf(page, deps.suppressions.list(tenantId, query.q, page), deps.suppressions.count(tenantId, query.q), suppressionView);
}

/** Gone from the list at once; a tombstone carries the removal's record until it is published. */
export async function removeSuppression(deps: MailDeps, tenantId: string, email: string, audit: AuditContext) {
  const now = deps.clock.now();
  const address = email.toLowerCase();
  const event = auditEvent(tenantId, audit, suppressionChange(address, 'removeSuppression', {}), now);
  const removed = await deps.suppressions.remove(tenantId, address, [event], now);
  if (!removed) throw new AppError('not_found', `${email} is not suppressed`);
  await announceSuppression(deps, removed);
}
