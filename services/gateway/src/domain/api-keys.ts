import { AppError, type ApiKey, type CreateApiKeyRequest, type CreatedApiKey } from '@mailplane/contracts';
import { newId, type AuditContext } from '@mailplane/runtime';
import { carrying } from '@mailplane/store';
import type { ApiKeyRecord, TenantKey, TenantScope } from '../data-access/api-keys-repo';
import { auditRecord, moveAudit } from './audit';
import type { GatewayDeps } from './deps';
import { checkKeyWithin, keyCreatorOf } from './key-creator';
import { issueToken } from './key-token';

function toView(record: ApiKeyRecord): ApiKey {
  return {
    id: record._id,
    name: record.name,
    permission: record.permission,
    domain: record.domain ?? null,
    memberId: record.memberId ?? null,
    prefix: record.prefix,
    createdAt: record.createdAt.toISOString(),
    lastUsedAt: record.lastUsedAt ? record.lastUsedAt.toISOString() : null,
  };
}

/** The full token is returned here and nowhere else: only its hash is kept, and the audit record names the key, not it. */
export async function createApiKey(
  deps: GatewayDeps,
  { tenantId }: TenantScope,
  input: CreateApiKeyRequest,
  audit: AuditContext,
): Promise<CreatedApiKey> {
  const permission = input.permission ?? 'full';
  const domain = input.domain ?? null;
  const creator = await keyCreatorOf(deps, { tenantId }, audit);
  checkKeyWithin(creator, permission, domain);
  const memberId = creator?.memberId ?? null;
  const now = deps.clock.now();
  const issued = issueToken(newId('key', now.getTime()));
  const target = { type: 'apiKey', id: issued.keyId };
  const record: ApiKeyRecord = {
    _id: issued.keyId,
    tenantId,
    name: input.name,
    permission,
    domain,
    memberId,
    prefix: issued.prefix,
    secretHash: issued.secretHash,
    createdAt: now,
    lastUsedAt: null,
    revokedAt: null,
    changedAt: now,
    changeSeq: 1,
    ...carrying([
      auditRecord(
        deps,
        tenantId,
        audit,
        { operationId: 'createApiKey', target, changes: { name: input.name, permission, domain, memberId } },
        now,
      ),
    ]),
  };
  await deps.keys.insert(record);
  await moveAudit(deps, deps.keys.audit, record);
  deps.logger.info('api key created', { tenantId, keyId: record._id });
  return { ...toView(record), key: issued.token };
}

export async function listApiKeys(deps: GatewayDeps, scope: TenantScope): Promise<ApiKey[]> {
  return (await deps.keys.listActive(scope)).map(toView);
}

export async function revokeApiKey(deps: GatewayDeps, key: TenantKey, audit: AuditContext): Promise<void> {
  if (!(await revokeOne(deps, key, audit, 'revokeApiKey'))) throw new AppError('not_found', `No active API key ${key.keyId}`);
}

export async function revokeKeysOfMember(deps: GatewayDeps, member: TenantScope & { memberId: string }, audit: AuditContext) {
  for (const key of await deps.keys.listActiveOfMember(member)) {
    await revokeOne(deps, { tenantId: member.tenantId, keyId: key._id }, audit, 'removeMember');
  }
}

async function revokeOne(deps: GatewayDeps, key: TenantKey, audit: AuditContext, operationId: string): Promise<boolean> {
  const now = deps.clock.now();
  const target = { type: 'apiKey', id: key.keyId };
  const record = auditRecord(deps, key.tenantId, audit, { operationId, target, changes: { revokedAt: now.toISOString() } }, now);
  const revoked = await deps.keys.revoke(key, now, record);
  if (!revoked) return false;
  await moveAudit(deps, deps.keys.audit, revoked);
  deps.logger.info('api key revoked', { tenantId: key.tenantId, keyId: key.keyId });
  return true;
}
