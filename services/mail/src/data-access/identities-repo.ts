import type { ReplicaCache } from '@mailplane/broker';
import { keptAfterPublish } from '@mailplane/runtime';
import type { DnsRecord, Envelope, Identity } from '@mailplane/contracts';
import { auditedRecords, eventOutbox, type AuditedRecord, type Store } from '@mailplane/store';
import { inboundDomainQueries, type InboundState } from './inbound-domain-queries';

export type { DnsRecord };
export type IdentityStatus = Identity['status'];
export type RecordStatus = DnsRecord['status'];
export type { InboundState };
export interface ReturnPathState {
  domain: string;
  status: 'pending' | 'verified' | 'failed';
  lastCheckedAt: Date | null;
}

export type DkimAlgorithm = NonNullable<DnsRecord['algorithm']>;

export interface SealedDkimKey {
  selector: string;
  sealedPrivateKey: string;
  publicKey: string;
  createdAt: Date;
}

export interface IdentityRecord extends AuditedRecord<Envelope> {
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
  inbound?: InboundState | null;
  /** The domain, only while this identity receives for it (unique across tenants). */
  inboundDomain?: string;
  tracking?: { opens: boolean; clicks: boolean };
  trackingDomain?: string | null;
  /** Absent or null: the operator's bounce domain. */
  returnPath?: ReturnPathState | null;
  /** The return path domain, only while the last check found its records: what delivery and the bounce listener use. */
  verifiedReturnPathDomain?: string | null;
  alignment?: { dkim: boolean; spf: boolean } | null;
  /**
   * Changed by every write of its DKIM keys, which is matched on the value it read: two replicas, or a rotation and
   * a verify, never both win. Absent until the first such write.
   */
  dkimRevision?: string;
  dkimKeyCreatedAt?: Date;
  /** A rotation's new RSA key, never signed with until a verify finds its record; then it becomes the current one. */
  pendingDkim?: SealedDkimKey | null;
  /** The signatures its messages carry; absent: `['rsa-sha256']`. */
  dkimAlgorithms?: DkimAlgorithm[];
  /** Its Ed25519 key while `ed25519-sha256` is on; `active` while the last verify found its record (then it signs). */
  ed25519Dkim?: (SealedDkimKey & { active: boolean }) | null;
  pendingEd25519Dkim?: SealedDkimKey | null;
}

export type DkimKeyFields = Pick<
  IdentityRecord,
  | 'selector'
  | 'sealedPrivateKey'
  | 'publicKey'
  | 'dkimRevision'
  | 'dkimKeyCreatedAt'
  | 'pendingDkim'
  | 'dkimAlgorithms'
  | 'ed25519Dkim'
  | 'pendingEd25519Dkim'
  | 'dnsRecords'
>;

export type IdentitySettings = Pick<
  IdentityRecord,
  'tracking' | 'trackingDomain' | 'dnsRecords' | 'returnPath' | 'verifiedReturnPathDomain' | 'alignment'
> &
  Partial<DkimKeyFields>;

type Check = Pick<
  IdentityRecord,
  'status' | 'dnsRecords' | 'lastCheckedAt' | 'verifiedAt' | 'returnPath' | 'verifiedReturnPathDomain' | 'alignment'
> &
  Partial<DkimKeyFields>;

const sameKeys = (id: string, read: Pick<IdentityRecord, 'dkimRevision'>) => ({ _id: id, dkimRevision: read.dkimRevision ?? null });

/** Verified identities as sends and deliveries read them: forgotten on every replica by each change of the tenant's. */
export const SENDING_IDENTITY_CACHE = { ttlMs: 1000, max: 10_000, grouped: true };

export function identitiesRepo(store: Store, sending: ReplicaCache<IdentityRecord | null>) {
  const identities = store.collection<IdentityRecord>('identities');
  const audited = auditedRecords(identities, { keeps: keptAfterPublish });
  const verified = (record: IdentityRecord | null) => record?.status === 'verified';
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const changed = <W extends (first: any, ...rest: any[]) => Promise<unknown>>(
    tenantOf: (first: Parameters<W>[0]) => string,
    write: W,
  ): W =>
    (async (...args: unknown[]) => {
      try {
        return await (write as (...all: unknown[]) => Promise<unknown>)(...args);
      } finally {
        sending.forget(tenantOf(args[0] as Parameters<W>[0]));
      }
    }) as W;
  // Identities written before `changedAt` existed age by their last check, the only write that carried events then.
  const olderOutbox = eventOutbox(identities, { agedBy: 'lastCheckedAt', guardedBy: 'changeSeq' });
  const { initInbound, claim, release, ...inbound } = inboundDomainQueries(identities);
  const change = (tenantId: string, id: string, fields: Partial<IdentityRecord>, events: Envelope[], at: Date) =>
    audited.change(tenantId, { _id: id }, { $set: fields }, events, at);
  const byId = (tenantId: string, id: string) => audited.findOne(tenantId, { _id: id });
  const byDomain = (tenantId: string, domain: string) => audited.findOne(tenantId, { domain });
  return {
    async init() {
      await identities.createIndex({ tenantId: 1, domain: 1 }, { unique: true });
      await identities.createIndex({ tenantId: 1, createdAt: -1 });
      // usesReturnPath: the bounce listener's RCPT lookup of a return path domain (any tenant)
      await identities.createIndex({ verifiedReturnPathDomain: 1 }, { sparse: true });
      await audited.init();
      await olderOutbox.init();
      await initInbound();
    },
    insert: changed(
      (record: IdentityRecord) => record.tenantId,
      (record: IdentityRecord) => identities.insertOne(record),
    ),
    byId,
    byDomain,
    /** byId and byDomain as a send or a delivery reads them: a verified identity may come from memory. */
    sendingById: (tenantId: string, id: string) => sending.get(`${tenantId}/id/${id}`, () => byId(tenantId, id), verified),
    sendingByDomain: (tenantId: string, domain: string) =>
      sending.get(`${tenantId}/domain/${domain}`, () => byDomain(tenantId, domain), verified),
    firstVerified: async (tenantId: string) =>
      (await audited.find(tenantId, { status: 'verified' }, { sort: { createdAt: 1, _id: 1 }, limit: 1 }))[0] ?? null,
    usesReturnPath: async (domain: string) => (await identities.findOne({ verifiedReturnPathDomain: domain })) !== null,
    list: (tenantId: string, page: { limit: number; offset: number }, domain: string | null = null) =>
      audited.find(tenantId, domain ? { domain } : {}, { sort: { createdAt: -1, _id: -1 }, skip: page.offset, limit: page.limit }),
    count: (tenantId: string, domain: string | null = null) => audited.count(tenantId, domain ? { domain } : {}),
    /** A DNS check with what it announces; null when the identity is gone or its keys changed since `read`. */
    saveCheck: changed(
      (read: IdentityRecord) => read.tenantId,
      (read: IdentityRecord, check: Check, events: Envelope[]) =>
        audited.change(read.tenantId, sameKeys(read._id, read), { $set: check }, events, check.lastCheckedAt as Date),
    ),
    saveSettings: changed((tenantId: string) => tenantId, change),
    saveKeyedSettings: changed(
      (read: IdentityRecord) => read.tenantId,
      (read: IdentityRecord, settings: Partial<IdentitySettings>, events: Envelope[], at: Date) =>
        audited.change(read.tenantId, sameKeys(read._id, read), { $set: settings }, events, at),
    ),
    /** Rotation timer: verified identities of any tenant whose key predates `cutoff` (few: scanned without an index). */
    keysOlderThan: (cutoff: Date, limit: number) =>
      identities.find(
        {
          deletedAt: null,
          status: 'verified',
          pendingDkim: null,
          $or: [{ dkimKeyCreatedAt: { $lt: cutoff } }, { dkimKeyCreatedAt: null, createdAt: { $lt: cutoff } }],
        },
        { sort: { createdAt: 1, _id: 1 }, limit },
      ),
    disableInbound: changed(
      (tenantId: string) => tenantId,
      (tenantId: string, id: string, dnsRecords: DnsRecord[], events: Envelope[], at: Date) =>
        audited.change(tenantId, { _id: id }, { $set: { inbound: null, dnsRecords }, $unset: { inboundDomain: '' } }, events, at),
    ),
    remove: changed(
      (record: IdentityRecord) => record.tenantId,
      (record: IdentityRecord, at: Date, events: Envelope[]) =>
        // '#' is in no domain name: the renamed tombstone holds no place in the (tenant, domain) index.
        audited.remove(record.tenantId, { _id: record._id }, events, at, {
          $set: { domain: `${record.domain}#${record._id}` },
          $unset: { inboundDomain: '', verifiedReturnPathDomain: '' },
        }),
    ),
    dropTombstones: audited.dropTombstones,
    unannounced: async (before: Date, limit: number) => [
      ...(await audited.unannounced(before, limit)),
      ...(await olderOutbox.unannounced(before, limit, { changedAt: null })),
    ],
    announce: audited.announce,
    dropKept: audited.dropKept,
    rearmKept: audited.rearmKept,
    claim: changed((tenantId: string) => tenantId, claim),
    release: changed((tenantId: string) => tenantId, release),
    ...inbound,
  };
}
export type IdentitiesRepo = ReturnType<typeof identitiesRepo>;
