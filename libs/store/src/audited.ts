import { appendingEvents, eventOutbox, type CarriesEvents, type OutboxFields } from './outbox';
import type { Collection, Doc, Filter, FindOptions, Update } from './port';

/** A tenant's record whose changes carry their audit records (and any other events) in its outbox. */
export interface AuditedRecord<E = unknown> extends Doc, CarriesEvents<E> {
  tenantId: string;
  /** The last write that carried events: the sweeper waits until it is old enough. Absent on older records. */
  changedAt?: Date;
  /** Deleted by its tenant: a tombstone, kept only until the deletion's audit record is published. */
  deletedAt?: Date | null;
}

/** `update` with `events` appended to those waiting (never replacing them), its time and `changeSeq` counted. */
export function withEvents<E>(update: Update, events: E[], at: Date): Update {
  const appended = appendingEvents(events, { ...update.$set, changedAt: at });
  const inc = { ...update.$inc, ...appended.$inc };
  return { ...update, ...appended, ...(Object.keys(inc).length > 0 ? { $inc: inc } : {}) };
}

/**
 * The audited side of a collection: every tenant's read sees live records only (a tombstone is as gone as a deleted
 * record), every tenant's change appends its events, a deletion leaves a tombstone carrying its record until the
 * record is published, and the outbox is guarded by `changeSeq`, so announcing what one read never clears what a
 * later change appended. `keeps` names the events (audit records) kept a minute after their publish, and a tombstone
 * stays until its kept events are forgotten.
 */
export function auditedRecords<T extends AuditedRecord>(collection: Collection<T>, keep: Pick<OutboxFields<T>, 'keeps' | 'now'> = {}) {
  const outbox = eventOutbox(collection, { agedBy: 'changedAt', guardedBy: 'changeSeq', ...keep });
  const live = (tenantId: string, filter: Filter): Filter => ({ ...filter, tenantId, deletedAt: null });
  return {
    async init() {
      // sweeper: events and audit records written and not yet published
      await outbox.init();
      // sweeper: tombstones whose deletion's record is published
      await collection.createIndex({ deletedAt: 1 }, { sparse: true });
    },
    live,
    find: (tenantId: string, filter: Filter, options?: FindOptions) => collection.find(live(tenantId, filter), options),
    findOne: async (tenantId: string, filter: Filter) => (await collection.find(live(tenantId, filter), { limit: 1 }))[0] ?? null,
    count: (tenantId: string, filter: Filter) => collection.count(live(tenantId, filter)),
    /** A tenant's change with its events; the record as changed, or null when the tenant has no such live record. */
    change: (tenantId: string, filter: Filter, update: Update, events: T['pendingEvents'], at: Date) =>
      collection.findOneAndUpdate(live(tenantId, filter), withEvents(update, events, at)),
    /**
     * Gone for its tenant at once, kept as a tombstone carrying `events` until they are published; `freed` renames
     * or unsets what holds a unique place, so a new record may take it meanwhile. Null when there is none.
     */
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
