import { AppError, type Me } from '@mailplane/contracts';
import type { GatewayDeps } from './deps';

export async function whoAmI(
  deps: GatewayDeps,
  { tenantId, actor }: { tenantId: string; actor: { type: string; id: string } },
): Promise<Me> {
  const tenant = await deps.tenants.byId(tenantId);
  if (actor.type === 'member') {
    const member = await deps.members.findLive({ tenantId, memberId: actor.id });
    // Removed between authentication and here: the request no longer has a caller.
    if (!tenant || !member) throw new AppError('unauthorized');
    const { _id: id, name, email, role } = member;
    return { tenantId, tenantName: tenant.name, type: 'member', id, name, email, role };
  }
  const key = await deps.keys.findForAuthentication(actor.id);
  if (!tenant || !key || key.tenantId !== tenantId || key.revokedAt) throw new AppError('unauthorized');
  return { tenantId, tenantName: tenant.name, type: 'key', id: key._id, name: key.name, permission: key.permission };
}
