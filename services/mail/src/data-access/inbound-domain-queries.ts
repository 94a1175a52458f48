import { DuplicateKeyError, type Collection } from '@mailplane/store';
import type { DnsRecord, Identity } from '@mailplane/contracts';

/** Receiving at the identity's domain (`Identity.inbound`, less the host, which is configuration). */
export interface InboundState {
  status: NonNullable<Identity['inbound']>['status'];
  platformSubdomain: boolean;
  /** The host the MX record names, as configured when receiving was turned on. */
  mxHost: string;
  verifiedAt: Date | null;
}

/** The fields of an identity record these queries read and write. */
interface Receiving {
  _id: string;
  tenantId: string;
  dnsRecords: DnsRecord[];
  inbound?: InboundState | null;
  inboundDomain?: string;
  deletedAt?: Date | null;
}

/**
 * Receiving on identities: `inbound` is what the tenant sees; `inboundDomain` is set only while the identity receives
 * for its domain, under a unique index, so one tenant at a time receives for a domain across every replica.
 */
export function inboundDomainQueries<R extends Receiving>(identities: Collection<R>) {
  return {
    async initInbound() {
      // receiverOf: the listener's lookup of a recipient's domain (any tenant); unique: one receiver per domain
      await identities.createIndex({ inboundDomain: 1 }, { unique: true, sparse: true });
    },
    /** The identity that receives for `domain`, whatever its tenant: the listener's RCPT lookup. */
    receiverOf: (domain: string) => identities.findOne({ inboundDomain: domain }),
    /** False when another identity already receives for the domain. */
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
    /** Sets what the tenant sees after a check that did not claim the domain, and gives the domain up. */
    async release(tenantId: string, id: string, inbound: InboundState): Promise<void> {
      await identities.updateOne({ _id: id, tenantId, deletedAt: null }, { $set: { inbound }, $unset: { inboundDomain: '' } });
    },
  };
}
