import { AppError, type ApiKey } from '@mailplane/contracts';
import { newId } from '@mailplane/runtime';
import type { ApiKeyRecord, Permission } from '../data-access/api-keys-repo';
import type { GatewayDeps } from './deps';
import { issueToken } from './key-token';

export type ApiKeyView = ApiKey;

export function toView(record: ApiKeyRecord): ApiKeyView {
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
export async function createApiKey(
  deps: GatewayDeps,
  tenantId: string,
  input: { name: string; permission?: Permission },
): Promise<ApiKeyView & { key: string }> {
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

export async function listApiKeys(deps: GatewayDeps, tenantId: string): Promise<ApiKeyView[]> {
  return (await deps.keys.listActive(tenantId)).map(toView);
}

export async function revokeApiKey(deps: GatewayDeps, tenantId: string, keyId: string): Promise<void> {
  if (!(await deps.keys.revoke(tenantId, keyId, deps.clock.now()))) {
    throw new AppError('not_found', `No active API key ${keyId}`);
  }
  deps.logger.info('api key revoked', { tenantId, keyId });
}
