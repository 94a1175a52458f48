import type { Permission } from '@mailplane/contracts';
import type { Store } from '@mailplane/store';

export interface ApiKeyRecord {
  _id: string;
  tenantId: string;
  name: string;
  permission: Permission;
  prefix: string;
  secretHash: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** Every tenant-scoped call takes one of these, so the tenant cannot be left out of the filter. */
export interface TenantScope {
  tenantId: string;
}
export interface TenantKey extends TenantScope {
  keyId: string;
}

export function apiKeysRepo(store: Store) {
  const keys = store.collection<ApiKeyRecord>('api_keys');
  return {
    async init() {
      // listActive: a tenant's live keys, oldest first
      await keys.createIndex({ tenantId: 1, revokedAt: 1, createdAt: 1 });
    },
    insert: (record: ApiKeyRecord) => keys.insertOne(record),
    /** The one lookup without a tenant: the presented key is what names the tenant. */
    findForAuthentication: (keyId: string) => keys.findOne({ _id: keyId }),
    listActive: ({ tenantId }: TenantScope) => keys.find({ tenantId, revokedAt: null }, { sort: { createdAt: 1, _id: 1 } }),
    /** Compare-and-set: only a live key of this tenant is revoked; false when there was none. */
    async revoke({ tenantId, keyId }: TenantKey, at: Date): Promise<boolean> {
      const { matched } = await keys.updateOne({ _id: keyId, tenantId, revokedAt: null }, { $set: { revokedAt: at } });
      return matched === 1;
    },
    async touch({ tenantId, keyId }: TenantKey, at: Date) {
      await keys.updateOne({ _id: keyId, tenantId }, { $set: { lastUsedAt: at } });
    },
  };
}
export type ApiKeysRepo = ReturnType<typeof apiKeysRepo>;
