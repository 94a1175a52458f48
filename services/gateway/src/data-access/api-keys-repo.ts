import type { Permission } from '@mailplane/contracts';
import type { ReplicaCache } from '@mailplane/broker';
import { appendingEvents, eventOutbox, type CarriesEvents, type Store } from '@mailplane/store';
import type { AuditLogRecord } from './audit-log-repo';

export interface ApiKeyRecord extends CarriesEvents<AuditLogRecord> {
  _id: string;
  tenantId: string;
  name: string;
  permission: Permission;
  /** The only sending domain the key may send from; null or absent: any. */
  domain?: string | null;
  /** Who made it, or whose key made it; null or absent: nobody's. */
  memberId?: string | null;
  prefix: string;
  secretHash: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  changedAt: Date;
  changeSeq: number;
}

/** Every tenant-scoped call takes one of these, so the tenant cannot be left out of the filter. */
export interface TenantScope {
  tenantId: string;
}
export interface TenantKey extends TenantScope {
  keyId: string;
}

/** A revoked key is forgotten on every replica by broadcast; one that missed it stops serving it within a second. */
export const API_KEY_CACHE = { ttlMs: 1000, max: 10_000 };

export function apiKeysRepo(store: Store, live: ReplicaCache<ApiKeyRecord | null>) {
  const keys = store.collection<ApiKeyRecord>('api_keys');
  const audit = eventOutbox(keys, { agedBy: 'changedAt', guardedBy: 'changeSeq' });
  return {
    async init() {
      await keys.createIndex({ tenantId: 1, revokedAt: 1, createdAt: 1 });
      await audit.init();
    },
    insert: (record: ApiKeyRecord) => keys.insertOne(record),
    /** The one lookup without a tenant: the presented key is what names the tenant. */
    findForAuthentication: (keyId: string) =>
      live.get(
        keyId,
        () => keys.findOne({ _id: keyId }),
        (record) => record !== null && record.revokedAt === null,
      ),
    listActive: ({ tenantId }: TenantScope) => keys.find({ tenantId, revokedAt: null }, { sort: { createdAt: 1, _id: 1 } }),
    listActiveOfMember: ({ tenantId, memberId }: TenantScope & { memberId: string }) =>
      keys.find({ tenantId, revokedAt: null, memberId }, { sort: { createdAt: 1, _id: 1 } }),
    /** `record` is appended, never replacing one still waiting; null when this tenant had no such live key. */
    async revoke({ tenantId, keyId }: TenantKey, at: Date, record: AuditLogRecord) {
      const revoked = await keys.findOneAndUpdate(
        { _id: keyId, tenantId, revokedAt: null },
        appendingEvents([record], { revokedAt: at, changedAt: at }),
      );
      if (revoked) live.forget(keyId);
      return revoked;
    },
    async touch({ tenantId, keyId }: TenantKey, at: Date) {
      // The entry this replica holds learns it too, or every request past the minute would touch again.
      const held = live.peek(keyId);
      if (held) held.lastUsedAt = at;
      await keys.updateOne({ _id: keyId, tenantId }, { $set: { lastUsedAt: at } });
    },
    audit,
  };
}
export type ApiKeysRepo = ReturnType<typeof apiKeysRepo>;
