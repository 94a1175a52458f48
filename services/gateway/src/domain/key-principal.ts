import { AppError } from '@mailplane/contracts';
import type { ApiKeyRecord } from '../data-access/api-keys-repo';
import type { AuthDeps } from './deps';
import type { KeyPrincipal } from './grants';

/** A key whose member is gone authenticates nobody, even before its revocation is written (or if a crash left it unwritten). */
export async function keyPrincipal(deps: Pick<AuthDeps, 'members'>, record: ApiKeyRecord): Promise<KeyPrincipal> {
  const memberId = record.memberId ?? null;
  const member = memberId ? await deps.members.findLive({ tenantId: record.tenantId, memberId }) : null;
  if (memberId && !member) throw new AppError('unauthorized', 'The API key is malformed, unknown or revoked.');
  return {
    type: 'key',
    tenantId: record.tenantId,
    id: record._id,
    name: record.name,
    permission: record.permission,
    domain: record.domain ?? null,
    member: member ? { id: member._id, role: member.role } : null,
  };
}
