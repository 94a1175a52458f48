import type { DnsRecord, Envelope, Identity } from '@mailplane/contracts';
import { eventOutbox, tenantScoped, type CarriesEvents, type Store } from '@mailplane/store';

export type { DnsRecord };
export type IdentityStatus = Identity['status'];
export type RecordStatus = DnsRecord['status'];

/** `pendingEvents`: `identity.verified` / `identity.failed`, written with the check that changed the status, until published. */
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
  /** Whether its messages track opens and clicks unless a send says otherwise; absent: both off. */
  tracking?: { opens: boolean; clicks: boolean };
  /** The host of its tracked links, once the `tracking` record among `dnsRecords` is found; absent: none. */
  trackingDomain?: string | null;
}

/** What PATCH /identities/{id} changes. */
export type IdentitySettings = Pick<IdentityRecord, 'tracking' | 'trackingDomain' | 'dnsRecords'>;

type Check = Pick<IdentityRecord, 'status' | 'dnsRecords' | 'lastCheckedAt' | 'verifiedAt' | 'pendingEvents' | 'eventsPending'>;

export function identitiesRepo(store: Store) {
  const identities = store.collection<IdentityRecord>('identities');
  const tenant = tenantScoped(identities);
  const outbox = eventOutbox(identities, { agedBy: 'lastCheckedAt' });
  return {
    async init() {
      // byDomain and create: one identity per domain per tenant
      await identities.createIndex({ tenantId: 1, domain: 1 }, { unique: true });
      // list: a tenant's identities, newest first
      await identities.createIndex({ tenantId: 1, createdAt: -1 });
      await outbox.init();
    },
    insert: (record: IdentityRecord) => identities.insertOne(record),
    byId: (tenantId: string, id: string) => tenant.findOne(tenantId, { _id: id }),
    byDomain: (tenantId: string, domain: string) => tenant.findOne(tenantId, { domain }),
    firstVerified: async (tenantId: string) =>
      (await tenant.find(tenantId, { status: 'verified' }, { sort: { createdAt: 1, _id: 1 }, limit: 1 }))[0] ?? null,
    list: (tenantId: string, page: { limit: number; offset: number }) =>
      tenant.find(tenantId, {}, { sort: { createdAt: -1, _id: -1 }, skip: page.offset, limit: page.limit }),
    count: (tenantId: string) => tenant.count(tenantId, {}),
    async saveCheck(tenantId: string, id: string, change: Check) {
      await tenant.updateOne(tenantId, { _id: id }, { $set: change });
    },
    async saveSettings(tenantId: string, id: string, settings: Partial<IdentitySettings>): Promise<boolean> {
      return (await tenant.updateOne(tenantId, { _id: id }, { $set: settings })).matched > 0;
    },
    remove: (tenantId: string, id: string) => tenant.deleteOne(tenantId, { _id: id }),
    /** Sweeper, across tenants: checks whose events the broker has not confirmed. */
    unannounced: (before: Date, limit: number) => outbox.unannounced(before, limit),
    announce: outbox.announce,
  };
}
export type IdentitiesRepo = ReturnType<typeof identitiesRepo>;
