import { keptAfterPublish } from '@mailplane/runtime';
import type { Envelope, InboundRoute } from '@mailplane/contracts';
import { auditedRecords, type AuditedRecord, type Store } from '@mailplane/store';

export type InboundAction = InboundRoute['action'];

/** `pattern` as given; `domain`, `prefix` and `wildcard` are what matching reads. */
export interface InboundRouteRecord extends AuditedRecord<Envelope> {
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
  const audited = auditedRecords(routes, { keeps: keptAfterPublish });
  return {
    async init() {
      await routes.createIndex({ tenantId: 1, pattern: 1 }, { unique: true });
      await routes.createIndex({ tenantId: 1, domain: 1 });
      await routes.createIndex({ tenantId: 1, createdAt: -1 });
      await audited.init();
    },
    insert: (record: InboundRouteRecord) => routes.insertOne(record),
    byId: (tenantId: string, id: string) => audited.findOne(tenantId, { _id: id }),
    forDomain: (tenantId: string, domain: string) => audited.find(tenantId, { domain }),
    list: (tenantId: string, page: { limit: number; offset: number }) =>
      audited.find(tenantId, {}, { sort: { createdAt: -1, _id: -1 }, skip: page.offset, limit: page.limit }),
    count: (tenantId: string) => audited.count(tenantId, {}),
    /** Null when there is no such route. May raise DuplicateKeyError (another route has the new pattern). */
    update: (tenantId: string, id: string, change: Partial<InboundRouteRecord>, events: Envelope[], at: Date) =>
      audited.change(tenantId, { _id: id }, { $set: change }, events, at),
    /** Null when there is no such route; its pattern is free at once (the tombstone's is renamed; '#' is in none). */
    remove: (tenantId: string, id: string, events: Envelope[], at: Date) =>
      audited.remove(tenantId, { _id: id }, events, at, { $set: { pattern: `#${id}`, domain: `#${id}` } }),
    dropTombstones: audited.dropTombstones,
    unannounced: (before: Date, limit: number) => audited.unannounced(before, limit),
    announce: audited.announce,
    dropKept: audited.dropKept,
    rearmKept: audited.rearmKept,
  };
}
export type InboundRoutesRepo = ReturnType<typeof inboundRoutesRepo>;
