import type { InboundRoute } from '@mailplane/contracts';
import type { Store } from '@mailplane/store';
import { tenantScoped } from '@mailplane/store';

/** What a route does with a recipient it matches, as the contract's `InboundAction` (stored from a validated request). */
export type InboundAction = InboundRoute['action'];

/** A tenant's route: `pattern` as given; `domain`, `prefix` and `wildcard` are what matching reads. */
export interface InboundRouteRecord {
  _id: string;
  tenantId: string;
  pattern: string;
  domain: string;
  /** The local part before `*`, lowercased; the whole local part of an exact pattern. */
  prefix: string;
  wildcard: boolean;
  action: InboundAction;
  refuseUnauthenticated: boolean;
  description: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export function inboundRoutesRepo(store: Store) {
  const routes = store.collection<InboundRouteRecord>('inbound_routes');
  const tenant = tenantScoped(routes);
  return {
    async init() {
      // create / update: one route per pattern per tenant
      await routes.createIndex({ tenantId: 1, pattern: 1 }, { unique: true });
      // forDomain: the routes the listener matches a recipient against
      await routes.createIndex({ tenantId: 1, domain: 1 });
      // list: a tenant's routes, newest first
      await routes.createIndex({ tenantId: 1, createdAt: -1 });
    },
    insert: (record: InboundRouteRecord) => routes.insertOne(record),
    byId: (tenantId: string, id: string) => tenant.findOne(tenantId, { _id: id }),
    forDomain: (tenantId: string, domain: string) => tenant.find(tenantId, { domain }),
    list: (tenantId: string, page: { limit: number; offset: number }) =>
      tenant.find(tenantId, {}, { sort: { createdAt: -1, _id: -1 }, skip: page.offset, limit: page.limit }),
    count: (tenantId: string) => tenant.count(tenantId, {}),
    /** May raise DuplicateKeyError (another route has the new pattern). */
    update: (tenantId: string, id: string, change: Partial<InboundRouteRecord>) =>
      tenant.updateOne(tenantId, { _id: id }, { $set: change }),
    remove: (tenantId: string, id: string) => tenant.deleteOne(tenantId, { _id: id }),
  };
}
export type InboundRoutesRepo = ReturnType<typeof inboundRoutesRepo>;
