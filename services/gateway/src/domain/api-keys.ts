import { AppError, type ApiKey, type CreateApiKeyRequest, type CreatedApiKey } from '@mailplane/contracts';
import { newId } from '@mailplane/runtime';
import type { ApiKeyRecord, TenantKey, TenantScope } from '../data-access/api-keys-repo';
import type { GatewayDeps } from './deps';
import { issueToken } from './key-token';

function toView(record: ApiKeyRecord): ApiKey {
  return {
    id: record._id,
    name: record.name,
    permission: record.permission,
    prefix: record.prefix,
    createdAt: record.createdAt.toISOString(),
    lastUsedAt: record.lastUsedAt ? record.lastUsedAt.toISOString() : null,
  };
}

/** The full token is returned here and nowhere else: only its hash is kept. */
export async function createApiKey(deps: GatewayDeps, { tenantId }: TenantScope, input: CreateApiKeyRequest): Promise<CreatedApiKey> {
  const now = deps.clock.now();
  const issued = issueToken(newId('key', now.getTime()));
  const record: ApiKeyRecord = {
    _id: issued.keyId,
    tenantId,
    name: input.name,
    permission: input.permission ?? 'full',
    prefix: issued.prefix,
    secretHash: issued.secretHash,
    createdAt: now,
    lastUsedAt: null,
    revokedAt: null,
  };
  await deps.keys.insert(record);
  deps.logger.info('api key created', { tenantId, keyId: record._id });
  return { ...toView(record), key: issued.token };
}

export async function listApiKeys(deps: GatewayDeps, scope: TenantScope): Promise<ApiKey[]> {
  return (await deps.keys.listActive(scope)).map(toView);
}

export async function revokeApiKey(deps: GatewayDeps, key: TenantKey): Promise<void> {
  if (!(await deps.keys.revoke(key, deps.clock.now()))) {
    throw new AppError('not_found', `No active API key ${key.keyId}`);
  }
  deps.logger.info('api key revoked', { tenantId: key.tenantId, keyId: key.keyId });
}
