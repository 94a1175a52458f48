import { appendingEvents, eventOutbox, type CarriesEvents, type OutboxFields } from './outbox';
import type { Collection, Doc, Filter, FindOptions, Update } from './port';

/** A tenant's record whose changes carry their audit records (and any other events) in its outbox. */
export interface AuditedRecord<E = unknown> extends Doc, CarriesEvents<E> {
  tenantId: string;
  changedAt?: Date;
  /** Deleted by its tenant: a tombstone, kept only until the deletion's audit record is published. */
  deletedAt?: Date | null;
}

export function withEvents<E>(update: Update, events: E[], at: Date): Update {
  const appended = appendingEvents(events, { ...update.$set, changedAt: at });
  const inc = { ...update.$inc, ...appended.$inc };
  return { ...update, ...appended, ...(Object.keys(inc).length > 0 ? { $inc: inc } : {}) };
}

/** Live records only; a deletion is a tombstone until its events are published; `changeSeq` stops announces clearing later events. */
export function auditedRecords<T extends AuditedRecord>(collection: Collection<T>, keep: Pick<OutboxFields<T>, 'keeps' | 'now'> = {}) {
  const outbox = eventOutbox(collection, { agedBy: 'changedAt', guardedBy: 'changeSeq', ...keep });
  const live = (tenantId: string, filter: Filter): Filter => ({ ...filter, tenantId, deletedAt: null });
  return {
    async init() {
      await outbox.init();
      await collection.createIndex({ deletedAt: 1 }, { sparse: true });
    },
    live,
    find: (tenantId: string, filter: Filter, options?: FindOptions) => collection.find(live(tenantId, filter), options),
    findOne: async (tenantId: string, filter: Filter) => (await collection.find(live(tenantId, filter), { limit: 1 }))[0] ?? null,
    count: (tenantId: string, filter: Filter) => collection.count(live(tenantId, filter)),
    change: (tenantId: string, filter: Filter, update: Update, events: T['pendingEvents'], at: Date) =>
      collection.findOneAndUpdate(live(tenantId, filter), withEvents(update, events, at)),
    /** A tombstone at once, kept until `events` are published; `freed` releases unique values for a new record. Null when none. */
    remove: (tenantId: string, filter: Filter, events: T['pendingEvents'], at: Date, freed: Update = {}) =>
      collection.findOneAndUpdate(live(tenantId, filter), withEvents({ ...freed, $set: { ...freed.$set, deletedAt: at } }, events, at)),
    /** The tombstones whose records are published and no longer kept, gone for good; one whose records wait stays. */
    dropTombstones: (ids?: string[]) =>
      collection.deleteMany({
        ...(ids ? { _id: { $in: ids } } : {}),
        deletedAt: { $gt: new Date(0) },
        eventsPending: false,
        keptUntil: null,
      }),
    unannounced: (before: Date, limit: number, where: Filter = {}) => outbox.unannounced(before, limit, where),
    announce: outbox.announce,
    dropKept: outbox.dropKept,
    rearmKept: outbox.rearmKept,
  };
}
export type AuditedRecords<T extends AuditedRecord> = ReturnType<typeof auditedRecords<T>>;
