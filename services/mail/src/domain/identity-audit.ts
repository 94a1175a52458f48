import { AppError } from '@mailplane/contracts';
import type { AuditedChange } from '@mailplane/runtime';
import type { IdentityRecord } from '../data-access/identities-repo';
import { announceChange } from './announce';
import type { MailDeps } from './deps';

/** A tenant's change of an identity, as its audit record shows it: named fields only, never its DKIM key. */
export const identityChange = (id: string, operationId: string, changes: Record<string, unknown>): AuditedChange => ({
  operationId,
  target: { type: 'identity', id },
  changes,
});

export const identityGone = (id: string) => new AppError('not_found', `No identity ${id}`);

export const announceIdentity = (deps: MailDeps, record: IdentityRecord) => announceChange(deps, deps.identities, record);
