import type { ReplicaCache } from '@mailplane/broker';
import type { EntitlementChanged } from '@mailplane/contracts';
import { DuplicateKeyError, type Store } from '@mailplane/store';

/** Billing's last word on the tenant, and `listensTo`: its endpoints' event types (absent: every type is published). */
export interface TenantRecord extends Partial<EntitlementChanged> {
  _id: string;
  updatedAt: Date;
  listensTo?: string[];
  /** When a widen last added types: a narrow waits until this is old enough. */
  widenedAt?: Date;
  listenSeq?: number;
}

const unionOf = (a: string[], b: string[]) => [...new Set([...a, ...b])].sort();

/** Short-lived: a widen waits it out (`LISTENERS_SETTLED_MS`) before answering, so after that no replica reads the old types. */
export const TENANT_RECORD_CACHE = { ttlMs: 250, max: 10_000 };
export const LISTENERS_SETTLED_MS = TENANT_RECORD_CACHE.ttlMs + 50;

export function entitlementsRepo(store: Store, live: ReplicaCache<TenantRecord | null>) {
  const tenants = store.collection<TenantRecord>('entitlements');

  async function changeListeners(
    tenantId: string,
    at: Date,
    next: (record: TenantRecord | null) => { listensTo?: string[]; widened: boolean } | null,
  ): Promise<{ applied: boolean; before: TenantRecord | null }> {
    for (;;) {
      const record = await tenants.findOne({ _id: tenantId });
      const change = next(record);
      if (change === null) return { applied: false, before: record };
      const fields = {
        ...(change.listensTo ? { listensTo: change.listensTo } : {}),
        updatedAt: at,
        ...(change.widened ? { widenedAt: at } : {}),
      };
      if (record === null) {
        try {
          await tenants.insertOne({ _id: tenantId, ...fields, listenSeq: 1 });
          live.forget(tenantId);
          return { applied: true, before: null };
        } catch (err) {
          if (err instanceof DuplicateKeyError) continue;
          throw err;
        }
      }
      const written = await tenants.updateOne(
        { _id: tenantId, listenSeq: record.listenSeq ?? null },
        { $set: fields, $inc: { listenSeq: 1 } },
      );
      if (written.matched === 1) {
        live.forget(tenantId);
        return { applied: true, before: record };
      }
    }
  }

  async function applyRevision(tenantId: string, change: EntitlementChanged, at: Date): Promise<boolean> {
    const fields = { ...change, updatedAt: at };
    const olderOrNone = { $or: [{ revision: { $lt: change.revision } }, { revision: { $exists: false } }] };
    const newer = async () => (await tenants.updateOne({ _id: tenantId, ...olderOrNone }, { $set: fields })).matched === 1;
    if (await newer()) return true;
    try {
      await tenants.insertOne({ _id: tenantId, ...fields });
      return true;
    } catch (err) {
      // Another revision (or the tenant's listeners) was inserted first: this one still wins if it is higher.
      if (err instanceof DuplicateKeyError) return newer();
      throw err;
    }
  }

  return {
    byTenant: (tenantId: string) => live.get(tenantId, () => tenants.findOne({ _id: tenantId })),
    /** Keeps the highest revision: events arrive at least once and in any order. Returns whether it was applied. */
    async apply(tenantId: string, change: EntitlementChanged, at: Date): Promise<boolean> {
      try {
        return await applyRevision(tenantId, change, at);
      } finally {
        live.forget(tenantId);
      }
    },
    /**
     * Holds off narrows even when nothing is added (a narrow read before the endpoint is stored must not land after it);
     * with no types yet every type stays published. Answers the types before.
     */
    widenListeners: async (tenantId: string, eventTypes: string[], at: Date): Promise<string[] | undefined> =>
      (
        await changeListeners(tenantId, at, (record) => ({
          ...(record?.listensTo === undefined ? {} : { listensTo: unionOf(record.listensTo, eventTypes) }),
          widened: true,
        }))
      ).before?.listensTo,
    /** Replaces the tenant's types, unless a widen came after `quietSince`: it may be for an endpoint not yet stored. */
    narrowListeners: async (tenantId: string, eventTypes: string[], at: Date, quietSince: Date): Promise<boolean> =>
      (
        await changeListeners(tenantId, at, (record) => {
          if (record?.widenedAt && record.widenedAt > quietSince) return null;
          return { listensTo: unionOf([], eventTypes), widened: false };
        })
      ).applied,
  };
}
export type EntitlementsRepo = ReturnType<typeof entitlementsRepo>;
