import type { CreatedTenant, CreateTenantRequest } from '@mailplane/contracts';
import { newId } from '@mailplane/runtime';
import { createApiKey } from './api-keys';
import type { GatewayDeps } from './deps';

export async function createTenant(deps: GatewayDeps, input: CreateTenantRequest): Promise<CreatedTenant> {
  const now = deps.clock.now();
  const tenantId = newId('ten', now.getTime());
  await deps.tenants.insert({ _id: tenantId, name: input.name, sandbox: input.sandbox ?? false, createdAt: now });
  const apiKey = await createApiKey(deps, { tenantId }, { name: 'Default key', permission: 'full' });
  deps.logger.info('tenant created', { tenantId });
  return { tenantId, name: input.name, apiKey };
}
