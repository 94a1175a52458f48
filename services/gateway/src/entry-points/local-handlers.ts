import type { RpcRequest } from '@mailplane/contracts';
import { json, noContent, type OperationHandlers } from '@mailplane/runtime';
import { createApiKey, listApiKeys, revokeApiKey } from '../domain/api-keys';
import type { GatewayDeps } from '../domain/deps';
import { checkHealth } from '../domain/health';
import { createTenant } from '../domain/tenants';

export type LocalHandlers = OperationHandlers;

// Bearer routes only reach these after authentication, so tenantId is set.
const tenant = (r: RpcRequest) => r.tenantId as string;

export function localHandlers(deps: GatewayDeps): LocalHandlers {
  return {
    listApiKeys: async (r) => json({ data: await listApiKeys(deps, tenant(r)) }),
    createApiKey: async (r) => json(await createApiKey(deps, tenant(r), r.body as { name: string }), 201),
    revokeApiKey: async (r) => {
      await revokeApiKey(deps, tenant(r), String(r.params.id));
      return noContent();
    },
    createTenant: async (r) => json(await createTenant(deps, r.body as { name: string }), 201),
    health: async () => json(await checkHealth(deps)),
  };
}
