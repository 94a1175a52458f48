import type { Collection, Doc, Filter, FindOptions, Update } from './port';

/** Every call names the tenant first, so a query that forgets it does not compile; the tenant id wins over the filter's. */
export function tenantScoped<T extends Doc & { tenantId: string }>(collection: Collection<T>) {
  const scoped = (tenantId: string, filter: Filter): Filter => ({ ...filter, tenantId });
  return {
    findOne: (tenantId: string, filter: Filter) => collection.findOne(scoped(tenantId, filter)),
    find: (tenantId: string, filter: Filter, options?: FindOptions) => collection.find(scoped(tenantId, filter), options),
    count: (tenantId: string, filter: Filter, options?: { limit?: number }) => collection.count(scoped(tenantId, filter), options),
    updateOne: (tenantId: string, filter: Filter, update: Update) => collection.updateOne(scoped(tenantId, filter), update),
    deleteOne: (tenantId: string, filter: Filter) => collection.deleteOne(scoped(tenantId, filter)),
  };
}
export type TenantScoped<T extends Doc & { tenantId: string }> = ReturnType<typeof tenantScoped<T>>;
