import { AppError } from '@mailplane/contracts';
import type { AuditedChange } from '@mailplane/runtime';
import type { IdentityRecord } from '../data-access/identities-repo';
import type { MailDeps } from './deps';

/** A tenant's change of an identity, as its audit record shows it: named fields only, never its DKIM key. */
export const identityChange = (id: string, operationId: string, changes: Record<string, unknown>): AuditedChange => ({
  operationId,
  target: { type: 'identity', id },
  changes,
});

export const identityGone = (id: string) => new AppError('not_found', `No identity ${id}`);

/**
 * Publishes what a change wrote (its audit record, a status event), then lets a deleted identity's tombstone go; the
 * outbox sweep does both if this fails, so the change stands either way.
 */
export async function announceIdentity(deps: MailDeps, record: IdentityRecord): Promise<void> {
  try {
    await deps.identities.announce(record, (event) => deps.broker.publish(event));
    if (record.deletedAt) await deps.identities.dropTombstones([record._id]);
  } catch (err) {
    deps.logger.warn('identity change stored, not yet announced', { err, identityId: record._id });
  }
}
