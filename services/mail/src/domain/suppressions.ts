import { AppError } from '@mailplane/contracts';
import { newEnvelope, pageOf } from '@mailplane/runtime';
import { carrying } from '@mailplane/store';
import type { SuppressionReason, SuppressionRecord } from '../data-access/suppressions-repo';
import type { MailDeps } from './deps';
import { countEvent } from './stats';

export function suppressionView(r: SuppressionRecord) {
  return { email: r.email, reason: r.reason, createdAt: r.createdAt.toISOString(), messageId: r.messageId };
}

/**
 * Puts a recipient on the tenant's list (once: an address already there keeps its first record).
 * An unsubscribe also writes its `recipient.unsubscribed` event with the record and publishes it after.
 */
export async function suppress(
  deps: MailDeps,
  tenantId: string,
  input: { email: string; reason: SuppressionReason; messageId?: string | null },
) {
  const now = deps.clock.now();
  const email = input.email.toLowerCase();
  const events =
    input.reason === 'unsubscribed'
      ? [
          newEnvelope('event', 'recipient.unsubscribed', now, {
            tenantId,
            correlationId: input.messageId ?? email,
            data: { email, messageId: input.messageId ?? null },
          }),
        ]
      : [];
  const result = await deps.suppressions.add({
    tenantId,
    email,
    reason: input.reason,
    messageId: input.messageId ?? null,
    createdAt: now,
    ...carrying(events),
  });
  if (result.created) countEvent(deps, tenantId, 'suppressionsAdded', now);
  if (result.created && events.length > 0) {
    // Stored is done: if the broker is away, the outbox sweeper announces it later.
    await announceSuppression(deps, result.record).catch((err) => deps.logger.warn('suppression stored, event not yet published', { err }));
  }
  return result;
}

export async function announceSuppression(deps: MailDeps, record: SuppressionRecord) {
  await deps.suppressions.announce(record, (event) => deps.broker.publish(event));
}

export async function isSuppressed(deps: MailDeps, tenantId: string, address: string): Promise<boolean> {
  return (await deps.suppressions.byEmail(tenantId, address)) !== null;
}

export async function listSuppressions(deps: MailDeps, tenantId: string, query: { q?: string; limit: number; offset: number }) {
  const page = { limit: query.limit, offset: query.offset };
  return pageOf(page, deps.suppressions.list(tenantId, query.q, page), deps.suppressions.count(tenantId, query.q), suppressionView);
}

export async function removeSuppression(deps: MailDeps, tenantId: string, email: string) {
  if ((await deps.suppressions.remove(tenantId, email)) === 0) throw new AppError('not_found', `${email} is not suppressed`);
}
