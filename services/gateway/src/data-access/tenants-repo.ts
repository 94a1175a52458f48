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
      // findSandbox: the one sandbox tenant created on first embedded start
      await tenants.createIndex({ sandbox: 1 });
    },
    insert: (record: TenantRecord) => tenants.insertOne(record),
    findSandbox: () => tenants.findOne({ sandbox: true }),
  };
}
export type TenantsRepo = ReturnType<typeof tenantsRepo>;
