import { DuplicateKeyError, type Collection } from '@mailplane/store';
import type { DnsRecord, Identity } from '@mailplane/contracts';

export interface InboundState {
  status: NonNullable<Identity['inbound']>['status'];
  platformSubdomain: boolean;
  /** The host the MX record names, as configured when receiving was turned on. */
  mxHost: string;
  verifiedAt: Date | null;
}

interface Receiving {
  _id: string;
  tenantId: string;
  dnsRecords: DnsRecord[];
  inbound?: InboundState | null;
  inboundDomain?: string;
  deletedAt?: Date | null;
}

/** `inboundDomain` is set only while the identity receives, under a unique index: one tenant at a time receives for a domain. */
export function inboundDomainQueries<R extends Receiving>(identities: Collection<R>) {
  return {
    async initInbound() {
      await identities.createIndex({ inboundDomain: 1 }, { unique: true, sparse: true });
    },
    receiverOf: (domain: string) => identities.findOne({ inboundDomain: domain }),
    async claim(tenantId: string, id: string, domain: string, inbound: InboundState): Promise<boolean> {
      try {
        // A check racing a deletion claims nothing for the tombstone.
        return (
          (await identities.updateOne({ _id: id, tenantId, deletedAt: null }, { $set: { inbound, inboundDomain: domain } })).matched === 1
        );
      } catch (err) {
        if (err instanceof DuplicateKeyError) return false;
        throw err;
      }
    },
    async release(tenantId: string, id: string, inbound: InboundState): Promise<void> {
      await identities.updateOne({ _id: id, tenantId, deletedAt: null }, { $set: { inbound }, $unset: { inboundDomain: '' } });
    },
  };
}
