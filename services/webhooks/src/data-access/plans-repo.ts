import { DuplicateKeyError, type Store } from '@mailplane/store';

/** The webhooks service's copy of a tenant's plan, from billing's `entitlement.changed`; `_id` is the tenant id. */
export interface PlanRecord {
  _id: string;
  plan: string;
  revision: number;
  updatedAt: Date;
}

export function plansRepo(store: Store) {
  const plans = store.collection<PlanRecord>('plans');
  return {
    byTenant: (tenantId: string) => plans.findOne({ _id: tenantId }),
    /** Keeps the highest revision (events come in any order): the upsert matches only an older record; a newer one collides. */
    async apply(tenantId: string, plan: string, revision: number, at: Date): Promise<boolean> {
      try {
        await plans.updateOne(
          { _id: tenantId, revision: { $lt: revision } },
          { $set: { plan, revision, updatedAt: at } },
          { upsert: true },
        );
        return true;
      } catch (err) {
        if (err instanceof DuplicateKeyError) return false;
        throw err;
      }
    },
  };
}
export type PlansRepo = ReturnType<typeof plansRepo>;
