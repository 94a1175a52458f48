import type { DnsRecord, Envelope, Identity } from '@mailplane/contracts';
import type { Store } from '@mailplane/store';

export type { DnsRecord };
export type IdentityStatus = Identity['status'];
export type RecordStatus = DnsRecord['status'];

export interface IdentityRecord {
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
  /** `identity.verified` / `identity.failed`, written with the check that changed the status, until published. */
  pendingEvents?: Envelope[];
  eventsPending?: boolean;
}

type Check = Pick<IdentityRecord, 'status' | 'dnsRecords' | 'lastCheckedAt' | 'verifiedAt' | 'pendingEvents' | 'eventsPending'>;

/** Tenant-scoped by construction: every query takes the tenant id. */
export function identitiesRepo(store: Store) {
  const identities = store.collection<IdentityRecord>('identities');
  return {
    async init() {
      // byDomain and create: one identity per domain per tenant
      await identities.createIndex({ tenantId: 1, domain: 1 }, { unique: true });
      // list: a tenant's identities, newest first
      await identities.createIndex({ tenantId: 1, createdAt: -1 });
      // sweeper: status changes whose events the broker has not confirmed
      await identities.createIndex({ eventsPending: 1 });
    },
    insert: (record: IdentityRecord) => identities.insertOne(record),
    byId: (tenantId: string, id: string) => identities.findOne({ _id: id, tenantId }),
    byDomain: (tenantId: string, domain: string) => identities.findOne({ tenantId, domain }),
    firstVerified: async (tenantId: string) =>
      (await identities.find({ tenantId, status: 'verified' }, { sort: { createdAt: 1, _id: 1 }, limit: 1 }))[0] ?? null,
    list: (tenantId: string, page: { limit: number; offset: number }) =>
      identities.find({ tenantId }, { sort: { createdAt: -1, _id: -1 }, skip: page.offset, limit: page.limit }),
    count: (tenantId: string) => identities.count({ tenantId }),
    async saveCheck(tenantId: string, id: string, change: Check) {
      await identities.updateOne({ _id: id, tenantId }, { $set: change });
    },
    unannounced: (before: Date, limit: number) => identities.find({ eventsPending: true, lastCheckedAt: { $lt: before } }, { limit }),
    /** Forgets the published events, unless a later check wrote new ones meanwhile. */
    async announced(record: IdentityRecord) {
      await identities.updateOne(
        { _id: record._id, eventsPending: true, lastCheckedAt: record.lastCheckedAt },
        { $set: { pendingEvents: [], eventsPending: false } },
      );
    },
    remove: (tenantId: string, id: string) => identities.deleteOne({ _id: id, tenantId }),
  };
}
export type IdentitiesRepo = ReturnType<typeof identitiesRepo>;
