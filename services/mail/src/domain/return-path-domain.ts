import { AppError } from '@mailplane/contracts';
import { getDomain } from 'tldts';
import type { DnsRecord, IdentityRecord, ReturnPathState } from '../data-access/identities-repo';
import type { BounceConfig } from '../config';
import { returnPathRecords } from './dns-records';

export type ReturnPathSettings = Pick<IdentityRecord, 'dnsRecords' | 'returnPath' | 'verifiedReturnPathDomain'>;

const refused = (message: string) =>
  new AppError('validation_failed', message, { extra: { errors: [{ path: '/body/returnPathDomain', message }] } });

/** `domain` null: none, the operator's bounce domain. */
export function returnPathSettings(
  bounces: BounceConfig | null,
  identity: Pick<IdentityRecord, 'domain' | 'dnsRecords'> & { platformSubdomain: boolean },
  domain: string | null,
): ReturnPathSettings {
  const others = identity.dnsRecords.filter((r) => r.purpose !== 'returnPath');
  if (domain === null) return { dnsRecords: others, returnPath: null, verifiedReturnPathDomain: null };
  if (identity.platformSubdomain) throw refused('cannot be used: a platform subdomain never sends');
  const name = domain.toLowerCase();
  if (!name.endsWith(`.${identity.domain}`)) throw refused(`is not a subdomain of ${identity.domain}`);
  if (!bounces) throw refused('cannot be used: this platform takes no delivery reports (no BOUNCE_DOMAIN)');
  return {
    dnsRecords: [...others, ...returnPathRecords(name, bounces.mxHost, bounces.returnPathSpf)],
    returnPath: { domain: name, status: 'pending', lastCheckedAt: null },
    verifiedReturnPathDomain: null,
  };
}

/** Needs the identity verified too: its DKIM record proves the tenant holds the domain, which another tenant's records cannot. */
export function checkedReturnPath(
  state: ReturnPathState | null | undefined,
  dnsRecords: DnsRecord[],
  identityVerified: boolean,
  now: Date,
): Pick<IdentityRecord, 'returnPath' | 'verifiedReturnPathDomain'> {
  if (!state) return { returnPath: null, verifiedReturnPathDomain: null };
  const records = dnsRecords.filter((r) => r.purpose === 'returnPath');
  const found = identityVerified && records.length > 0 && records.every((r) => r.status === 'found');
  return {
    returnPath: { domain: state.domain, status: found ? 'verified' : 'failed', lastCheckedAt: now },
    verifiedReturnPathDomain: found ? state.domain : null,
  };
}

const organisational = (domain: string) => getDomain(domain, { allowPrivateDomains: true }) ?? domain;
const within = (domain: string, parent: string) => domain === parent || domain.endsWith(`.${parent}`);

/** Relaxed DMARC alignment (RFC 7489 3.1); the operator's bounce domain (`returnPathDomain` null) never aligns. */
export function dmarcAlignment(fromDomain: string, dkim: { domain: string; found: boolean }, returnPathDomain: string | null) {
  const org = organisational(fromDomain);
  return {
    dkim: dkim.found && organisational(dkim.domain) === org,
    spf: returnPathDomain !== null && within(returnPathDomain, org),
  };
}
