import type { Store } from '@mailplane/store';

export interface TenantRecord {
  _id: string;
  name: string;
  sandbox: boolean;
  createdAt: Date;
}

export function tenantsRepo(store: Store) {
  const tenants = store.collection<TenantRecord>('tenants');
  return {
    async init() {
      await tenants.createIndex({ sandbox: 1 });
    },
    insert: (record: TenantRecord) => tenants.insertOne(record),
    findSandbox: () => tenants.findOne({ sandbox: true }),
    byId: (tenantId: string) => tenants.findOne({ _id: tenantId }),
    list: (page: { limit: number; offset: number }) => tenants.find({}, { sort: { _id: -1 }, skip: page.offset, limit: page.limit }),
    count: () => tenants.count({}),
  };
}
export type TenantsRepo = ReturnType<typeof tenantsRepo>;
