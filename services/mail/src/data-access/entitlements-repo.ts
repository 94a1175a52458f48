import type { EntitlementChanged } from '@mailplane/contracts';
import { DuplicateKeyError, type Store } from '@mailplane/store';

/** Mail's copy of what billing says a tenant may use; `_id` is the tenant id. */
export interface EntitlementRecord extends EntitlementChanged {
  _id: string;
  updatedAt: Date;
}

export function entitlementsRepo(store: Store) {
  const entitlements = store.collection<EntitlementRecord>('entitlements');
  return {
    byTenant: (tenantId: string) => entitlements.findOne({ _id: tenantId }),
    /** Keeps the highest revision: events arrive at least once and in any order. Returns whether it was applied. */
    async apply(tenantId: string, change: EntitlementChanged, at: Date): Promise<boolean> {
      const record: EntitlementRecord = { _id: tenantId, ...change, updatedAt: at };
      const { _id, ...fields } = record;
      const newer = async () => (await entitlements.updateOne({ _id, revision: { $lt: change.revision } }, { $set: fields })).matched === 1;
      if (await newer()) return true;
      try {
        await entitlements.insertOne(record);
        return true;
      } catch (err) {
        // Another revision was inserted first: this one still wins if it is higher.
        if (err instanceof DuplicateKeyError) return newer();
        throw err;
      }
    },
  };
}
export type EntitlementsRepo = ReturnType<typeof entitlementsRepo>;
