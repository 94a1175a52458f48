import type { CreatedTenant, CreateTenantRequest } from '@mailplane/contracts';
import { newId, pageOf, type AuditContext, type PageQuery } from '@mailplane/runtime';
import { createApiKey } from './api-keys';
import { inProcessOperator } from './audit';
import type { GatewayDeps } from './deps';

/** The tenant's first key is created by whoever creates the tenant (the operator), and its record says so. */
export async function createTenant(
  deps: GatewayDeps,
  input: CreateTenantRequest,
  audit: AuditContext = inProcessOperator(),
): Promise<CreatedTenant> {
  const now = deps.clock.now();
  const tenantId = newId('ten', now.getTime());
  await deps.tenants.insert({ _id: tenantId, name: input.name, sandbox: input.sandbox ?? false, createdAt: now });
  const apiKey = await createApiKey(deps, { tenantId }, { name: 'Default key', permission: 'full' }, audit);
  deps.logger.info('tenant created', { tenantId });
  return { tenantId, name: input.name, apiKey };
}

export const listTenants = (deps: GatewayDeps, page: PageQuery) =>
  pageOf(page, deps.tenants.list(page), deps.tenants.count(), (t) => ({
    tenantId: t._id,
    name: t.name,
    sandbox: t.sandbox,
    createdAt: t.createdAt.toISOString(),
  }));
