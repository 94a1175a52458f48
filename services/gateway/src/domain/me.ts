import { AppError, type Me } from '@mailplane/contracts';
import type { GatewayDeps } from './deps';

/** GET /me: the tenant and the key of the request (a member, once members exist). */
export async function whoAmI(deps: GatewayDeps, { tenantId, keyId }: { tenantId: string; keyId: string }): Promise<Me> {
  const [tenant, key] = await Promise.all([deps.tenants.byId(tenantId), deps.keys.findForAuthentication(keyId)]);
  // Revoked between authentication and here: the request no longer has a caller.
  if (!tenant || !key || key.tenantId !== tenantId || key.revokedAt) throw new AppError('unauthorized');
  return { tenantId, tenantName: tenant.name, type: 'key', id: key._id, name: key.name, permission: key.permission };
}
