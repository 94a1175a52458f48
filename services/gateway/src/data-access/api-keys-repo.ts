import type { Permission } from '@mailplane/contracts';
import type { Store } from '@mailplane/store';

export type { Permission };

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

export function apiKeysRepo(store: Store) {
  const keys = store.collection<ApiKeyRecord>('api_keys');
  return {
    async init() {
      // listActive: a tenant's live keys, oldest first
      await keys.createIndex({ tenantId: 1, revokedAt: 1, createdAt: 1 });
    },
    insert: (record: ApiKeyRecord) => keys.insertOne(record),
    byId: (id: string) => keys.findOne({ _id: id }),
    listActive: (tenantId: string) => keys.find({ tenantId, revokedAt: null }, { sort: { createdAt: 1, _id: 1 } }),
    /** Compare-and-set: only a live key of this tenant is revoked; false when there was none. */
    async revoke(tenantId: string, id: string, at: Date): Promise<boolean> {
      const { matched } = await keys.updateOne({ _id: id, tenantId, revokedAt: null }, { $set: { revokedAt: at } });
      return matched === 1;
    },
    async touch(id: string, at: Date) {
      await keys.updateOne({ _id: id }, { $set: { lastUsedAt: at } });
    },
  };
}
export type ApiKeysRepo = ReturnType<typeof apiKeysRepo>;
