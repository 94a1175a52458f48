import { AppError, type Permission } from '@mailplane/contracts';
import type { AuditContext } from '@mailplane/runtime';
import type { TenantScope } from '../data-access/api-keys-repo';
import { keyPrincipal } from './key-principal';
import type { GatewayDeps } from './deps';
import { noBroaderThan, type Grantee } from './grants';

/** As stored now, never as the request says. */
export interface KeyCreator {
  grantee: Grantee;
  /** The creating key's sending domain: its keys are of that domain too. Null: any. */
  domain: string | null;
  memberId: string | null;
  named: string;
}

/** The creator of a key made in this request; null for the operator, who may make any key (a tenant's first). */
export async function keyCreatorOf(deps: GatewayDeps, { tenantId }: TenantScope, { actor }: AuditContext): Promise<KeyCreator | null> {
  if (actor.type === 'operator') return null;
  if (actor.type === 'member') {
    const member = await deps.members.findLive({ tenantId, memberId: actor.id });
    if (!member) throw new AppError('unauthorized');
    return { grantee: { type: 'member', role: member.role }, domain: null, memberId: member._id, named: `the ${member.role} role` };
  }
  const record = await deps.keys.findForAuthentication(actor.id);
  if (!record || record.tenantId !== tenantId || record.revokedAt) throw new AppError('unauthorized');
  const key = await keyPrincipal(deps, record);
  const named = key.member ? `this API key (capped by its member's ${key.member.role} role)` : 'this API key';
  return { grantee: key, domain: key.domain, memberId: key.member?.id ?? null, named };
}

/** A key is never broader than its creator: in what it may do, and in the domain it may send from. */
export function checkKeyWithin(creator: KeyCreator | null, permission: Permission, domain: string | null): void {
  if (!creator) return;
  if (!noBroaderThan({ type: 'key', permission, member: null }, creator.grantee)) {
    throw new AppError('forbidden', `A ${permission} key may do more than ${creator.named}; make a sending key, or ask an owner.`);
  }
  if (creator.domain && domain !== creator.domain) {
    throw new AppError('key_domain_mismatch', `This API key may make only keys restricted to ${creator.domain}.`);
  }
}
