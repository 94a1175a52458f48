import { keptAfterPublish } from '@mailplane/runtime';
import type { Envelope, WebhookEventType } from '@mailplane/contracts';
import {
  DuplicateKeyError,
  appendingEvents,
  eventOutbox,
  tenantScoped,
  type CarriesEvents,
  type Filter,
  type FindOptions,
  type Store,
  type Update,
} from '@mailplane/store';

/** A signing secret, sealed; the previous one keeps signing until `expiresAt` after a rotation. */
export interface SealedSecret {
  sealed: string;
  expiresAt: Date | null;
}

/** Absent on endpoints no attempt ever failed. */
export interface EndpointHealth {
  /** Failed attempts since the last success. */
  failures?: number;
  failingSince?: Date | null;
  /** Until then its deliveries wait (a failing endpoint's pause, or the time its probe may take). */
  pausedUntil?: Date | null;
  /** An attempt is probing it, until `pausedUntil` at the latest. */
  probing?: boolean;
}

export interface EndpointRecord extends EndpointHealth, CarriesEvents<Envelope> {
  _id: string;
  tenantId: string;
  url: string;
  eventTypes: (WebhookEventType | '*')[];
  description: string;
  disabled: boolean;
  /** Newest first. */
  secrets: SealedSecret[];
  /** `<tenantId>:<n>`, unique, n below the plan's limit: two creations racing for the last place cannot both get it. */
  slotKey?: string;
  createdAt: Date;
  updatedAt: Date;
  /** Deleted by its tenant: a tombstone, kept only until the deletion's audit record is published. */
  deletedAt?: Date | null;
}

export type EndpointChanges = Partial<Pick<EndpointRecord, 'url' | 'eventTypes' | 'description' | 'disabled'>>;

const HEALTHY = { failures: 0, failingSince: null, pausedUntil: null, probing: false };
const slotKey = (tenantId: string, n: number) => `${tenantId}:${n}`;

export function endpointsRepo(store: Store) {
  const all = store.collection<EndpointRecord>('endpoints');
  // Every read and change sees live endpoints only: a tombstone is as gone as a deleted record.
  const live = tenantScoped(all);
  const endpoints = {
    find: (tenantId: string, filter: Filter, options?: FindOptions) => live.find(tenantId, { ...filter, deletedAt: null }, options),
    findOne: (tenantId: string, filter: Filter) => live.findOne(tenantId, { ...filter, deletedAt: null }),
    count: (tenantId: string, filter: Filter) => live.count(tenantId, { ...filter, deletedAt: null }),
    updateOne: (tenantId: string, filter: Filter, update: Update) => live.updateOne(tenantId, { ...filter, deletedAt: null }, update),
  };
  const outbox = eventOutbox(all, { agedBy: 'updatedAt', guardedBy: 'changeSeq', keeps: keptAfterPublish });
  const change = async (tenantId: string, id: string, fields: Partial<EndpointRecord>): Promise<boolean> =>
    (await endpoints.updateOne(tenantId, { _id: id }, { $set: fields })).matched === 1;
  // `events` (the change's audit record) join those still waiting.
  const changeAnnouncing = (tenantId: string, id: string, fields: Partial<EndpointRecord>, events: Envelope[]) =>
    all.findOneAndUpdate({ _id: id, tenantId, deletedAt: null }, appendingEvents(events, fields));
  return {
    async init() {
      // list: a tenant's endpoints newest first; fan-out: a tenant's enabled endpoints; the limit: all of them
      await all.createIndex({ tenantId: 1, createdAt: -1 });
      await all.createIndex({ slotKey: 1 }, { unique: true, sparse: true });
      // sweeper: endpoint.disabled events and audit records written and not yet published
      await outbox.init();
      await all.createIndex({ deletedAt: 1 }, { sparse: true });
    },
    /** Endpoints holding no place below `limit` (older ones, or above a lowered limit) count against it. */
    async insertWithin(record: EndpointRecord, limit: number): Promise<boolean> {
      const existing = await endpoints.find(record.tenantId, {});
      const placed = new Set(existing.map((e) => e.slotKey));
      const unplaced = existing.filter((e) => !e.slotKey || Number(e.slotKey.split(':')[1]) >= limit).length;
      for (let n = 0; n < limit - unplaced; n++) {
        if (placed.has(slotKey(record.tenantId, n))) continue;
        try {
          await all.insertOne({ ...record, slotKey: slotKey(record.tenantId, n) });
          return true;
        } catch (err) {
          // Another creation took this place meanwhile: try the next one.
          if (!(err instanceof DuplicateKeyError)) throw err;
        }
      }
      return false;
    },
    byId: (tenantId: string, id: string) => endpoints.findOne(tenantId, { _id: id }),
    list: (tenantId: string, page: { limit: number; offset: number }) =>
      endpoints.find(tenantId, {}, { sort: { createdAt: -1, _id: -1 }, skip: page.offset, limit: page.limit }),
    count: (tenantId: string) => endpoints.count(tenantId, {}),
    enabled: (tenantId: string) => endpoints.find(tenantId, { disabled: false }),
    /** Null when the tenant has no such endpoint. A new URL, or enabling it, forgets its failures. */
    update: (tenantId: string, id: string, changes: EndpointChanges, at: Date, events: Envelope[] = []) =>
      changeAnnouncing(
        tenantId,
        id,
        { ...changes, ...(changes.url !== undefined || changes.disabled === false ? HEALTHY : {}), updatedAt: at },
        events,
      ),
    /** Disabled by the service (410 Gone, failing for days), with the event announcing it; null when it already was. */
    disableWith: (endpoint: EndpointRecord, event: Envelope, at: Date) =>
      all.findOneAndUpdate(
        { _id: endpoint._id, tenantId: endpoint.tenantId, disabled: false, deletedAt: null },
        appendingEvents([event], { disabled: true, pausedUntil: null, updatedAt: at }),
      ),
    replaceSecrets: (tenantId: string, id: string, secrets: SealedSecret[], at: Date, events: Envelope[]) =>
      changeAnnouncing(tenantId, id, { secrets, updatedAt: at }, events),
    recordSuccess: (endpoint: EndpointRecord) => change(endpoint.tenantId, endpoint._id, HEALTHY),
    /** Compare-and-set on the failure count read: false when another outcome was recorded meanwhile (read again and retry). */
    recordFailure: async (endpoint: EndpointRecord, health: Required<EndpointHealth>) =>
      (await endpoints.updateOne(endpoint.tenantId, { _id: endpoint._id, failures: endpoint.failures ?? null }, { $set: health }))
        .matched === 1,
    /** Holds the probe of a paused endpoint whose pause is over: of several deliveries asking, one gets it. */
    holdProbe: async (endpoint: EndpointRecord, until: Date) =>
      (
        await endpoints.updateOne(
          endpoint.tenantId,
          { _id: endpoint._id, pausedUntil: endpoint.pausedUntil ?? null },
          { $set: { pausedUntil: until, probing: true } },
        )
      ).matched === 1,
    /** Ends a pause (not a probe under way): the endpoint's next attempt probes it. */
    resume: async (endpoint: EndpointRecord) => {
      if (endpoint.pausedUntil)
        await endpoints.updateOne(endpoint.tenantId, { _id: endpoint._id, probing: { $ne: true } }, { $set: { pausedUntil: null } });
    },
    unannounced: (before: Date, limit: number) => outbox.unannounced(before, limit),
    announce: outbox.announce,
    dropKept: outbox.dropKept,
    rearmKept: outbox.rearmKept,
    /** Gone for its tenant at once (its place freed), kept as a tombstone until `events` are published. */
    remove: (tenantId: string, id: string, at: Date, events: Envelope[]) =>
      all.findOneAndUpdate(
        { _id: id, tenantId, deletedAt: null },
        { ...appendingEvents(events, { deletedAt: at, disabled: true, updatedAt: at }), $unset: { slotKey: '' } },
      ),
    /** Only tombstones whose records are published and no longer kept. */
    dropTombstones: (ids?: string[]) =>
      all.deleteMany({ ...(ids ? { _id: { $in: ids } } : {}), deletedAt: { $gt: new Date(0) }, eventsPending: false, keptUntil: null }),
  };
}
export type EndpointsRepo = ReturnType<typeof endpointsRepo>;
