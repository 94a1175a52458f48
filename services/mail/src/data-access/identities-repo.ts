import type { DnsRecord, Envelope, Identity } from '@mailplane/contracts';
import { appendingEvents, eventOutbox, type CarriesEvents, type Filter, type FindOptions, type Store } from '@mailplane/store';
import { inboundDomainQueries, type InboundState } from './inbound-domain-queries';

export type { DnsRecord };
export type IdentityStatus = Identity['status'];
export type RecordStatus = DnsRecord['status'];
export type { InboundState };

/**
 * `pendingEvents`: `identity.verified` / `identity.failed`, written with the check that changed the status, and the
 * audit record of every tenant's change, written with it, until published.
 */
export interface IdentityRecord extends CarriesEvents<Envelope> {
  _id: string;
  tenantId: string;
  domain: string;
  selector: string;
  status: IdentityStatus;
  /** The DKIM private key, sealed with the service's key box; never leaves this service. */
  sealedPrivateKey: string;
  publicKey: string;
  dnsRecords: DnsRecord[];
  createdAt: Date;
  verifiedAt: Date | null;
  lastCheckedAt: Date | null;
  /** Receiving at the domain; absent or null when it does not receive. */
  inbound?: InboundState | null;
  /** The domain, only while this identity receives for it (unique across tenants). */
  inboundDomain?: string;
  /** Whether its messages track opens and clicks unless a send says otherwise; absent: both off. */
  tracking?: { opens: boolean; clicks: boolean };
  /** The host of its tracked links, once the `tracking` record among `dnsRecords` is found; absent: none. */
  trackingDomain?: string | null;
  /** The last write that carried events; the sweeper waits until it is old enough. Absent on older identities. */
  changedAt?: Date;
  /** Deleted by its tenant: a tombstone, kept only until the deletion's audit record is published. */
  deletedAt?: Date | null;
}

/** What PATCH /identities/{id} changes. */
export type IdentitySettings = Pick<IdentityRecord, 'tracking' | 'trackingDomain' | 'dnsRecords'>;

type Check = Pick<IdentityRecord, 'status' | 'dnsRecords' | 'lastCheckedAt' | 'verifiedAt'>;

export function identitiesRepo(store: Store) {
  const identities = store.collection<IdentityRecord>('identities');
  // Every tenant's read and change sees live identities only: a tombstone is as gone as a deleted record.
  const live = (tenantId: string, filter: Filter): Filter => ({ ...filter, tenantId, deletedAt: null });
  const find = (tenantId: string, filter: Filter, options?: FindOptions) => identities.find(live(tenantId, filter), options);
  const outbox = eventOutbox(identities, { agedBy: 'changedAt', guardedBy: 'changeSeq' });
  // Identities written before `changedAt` existed age by their last check, the only write that carried events then.
  const olderOutbox = eventOutbox(identities, { agedBy: 'lastCheckedAt', guardedBy: 'changeSeq' });
  const { initInbound, ...inbound } = inboundDomainQueries(identities);
  // A change: `events` (its audit record, a status event) join those still waiting; the identity as changed, or null.
  const changeAnnouncing = (tenantId: string, id: string, fields: Partial<IdentityRecord>, events: Envelope[], at: Date) =>
    identities.findOneAndUpdate(live(tenantId, { _id: id }), appendingEvents(events, { ...fields, changedAt: at }));
  return {
    async init() {
      // byDomain and create: one identity per domain per tenant (a tombstone's domain is renamed out of the way)
      await identities.createIndex({ tenantId: 1, domain: 1 }, { unique: true });
      // list: a tenant's identities, newest first
      await identities.createIndex({ tenantId: 1, createdAt: -1 });
      // sweeper: events and audit records written and not yet published
      await outbox.init();
      await olderOutbox.init();
      // sweeper: tombstones whose deletion's record is published
      await identities.createIndex({ deletedAt: 1 }, { sparse: true });
      await initInbound();
    },
    insert: (record: IdentityRecord) => identities.insertOne(record),
    byId: async (tenantId: string, id: string) => (await find(tenantId, { _id: id }, { limit: 1 }))[0] ?? null,
    byDomain: async (tenantId: string, domain: string) => (await find(tenantId, { domain }, { limit: 1 }))[0] ?? null,
    firstVerified: async (tenantId: string) =>
      (await find(tenantId, { status: 'verified' }, { sort: { createdAt: 1, _id: 1 }, limit: 1 }))[0] ?? null,
    list: (tenantId: string, page: { limit: number; offset: number }) =>
      find(tenantId, {}, { sort: { createdAt: -1, _id: -1 }, skip: page.offset, limit: page.limit }),
    count: (tenantId: string) => identities.count(live(tenantId, {})),
    /** A DNS check with what it announces; null when the identity is gone. */
    saveCheck: (tenantId: string, id: string, check: Check, events: Envelope[]) =>
      changeAnnouncing(tenantId, id, check, events, check.lastCheckedAt as Date),
    /** Null when the tenant has no such identity. */
    saveSettings: (tenantId: string, id: string, settings: Partial<IdentityRecord>, at: Date, events: Envelope[]) =>
      changeAnnouncing(tenantId, id, settings, events, at),
    /**
     * Deleted for its tenant at once (its domain freed for a new identity and for receiving elsewhere), kept as a
     * tombstone carrying `events` (the deletion's audit record) until they are published; null when there is none.
     */
    remove: (record: IdentityRecord, at: Date, events: Envelope[]) =>
      identities.findOneAndUpdate(live(record.tenantId, { _id: record._id }), {
        // '#' is in no domain name: the renamed tombstone holds no place in the (tenant, domain) index.
        ...appendingEvents(events, { deletedAt: at, changedAt: at, domain: `${record.domain}#${record._id}` }),
        $unset: { inboundDomain: '' },
      }),
    /** The tombstones whose records are published, gone for good; one whose records still wait stays. */
    dropTombstones: (ids?: string[]) =>
      identities.deleteMany({ ...(ids ? { _id: { $in: ids } } : {}), deletedAt: { $gt: new Date(0) }, eventsPending: false }),
    /** Sweeper, across tenants: changes whose events the broker has not confirmed. */
    unannounced: async (before: Date, limit: number) => [
      ...(await outbox.unannounced(before, limit)),
      ...(await olderOutbox.unannounced(before, limit, { changedAt: null })),
    ],
    announce: outbox.announce,
    ...inbound,
  };
}
export type IdentitiesRepo = ReturnType<typeof identitiesRepo>;
