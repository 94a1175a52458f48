import { AppError } from '@mailplane/contracts';
import type { IdentityRecord, InboundState } from '../../data-access/identities-repo';
import type { InboundConfig } from '../../inbound-config';
import { mxRecord } from '../dns-records';
import type { MailDeps } from '../deps';

/** The inbound configuration; 503 `inbound_not_configured` when the platform receives no mail. */
export function receivingConfigured(deps: MailDeps): InboundConfig {
  if (!deps.config.inbound) throw new AppError('inbound_not_configured', 'This platform receives no mail: INBOUND_MX_HOST is unset.');
  return deps.config.inbound;
}

/** `acme.inbound.example.com` under INBOUND_DOMAIN `inbound.example.com`: a platform subdomain, one label deep. */
export function isPlatformSubdomain(deps: MailDeps, domain: string): boolean {
  const platform = deps.config.inbound?.platformDomain;
  return !!platform && domain.endsWith(`.${platform}`);
}

/** Refuses a platform subdomain more than one label deep (`a.b.inbound.example.com`), naming the field. */
export function checkPlatformSubdomain(deps: MailDeps, domain: string): void {
  const platform = receivingConfigured(deps).platformDomain as string;
  const slug = domain.slice(0, -(platform.length + 1));
  if (slug.includes('.')) {
    const message = `must be <slug>.${platform}: one label under the platform's receiving domain`;
    throw new AppError('validation_failed', `domain ${message}.`, { extra: { errors: [{ path: '/body/domain', message }] } });
  }
}

/** What an identity created on a platform subdomain starts with: receiving, claimed by the insert itself. */
export const platformSubdomainState = (deps: MailDeps, domain: string, now: Date): Pick<IdentityRecord, 'inbound' | 'inboundDomain'> => ({
  inbound: { status: 'verified', platformSubdomain: true, mxHost: receivingConfigured(deps).mxHost, verifiedAt: now },
  inboundDomain: domain,
});

/** POST /identities/{id}/inbound: adds the MX record and waits for a check; a platform subdomain already receives. */
export async function enableInbound(deps: MailDeps, record: IdentityRecord): Promise<IdentityRecord> {
  const { mxHost } = receivingConfigured(deps);
  if (record.inbound) return record;
  const dnsRecords = [...record.dnsRecords.filter((r) => r.purpose !== 'mx'), mxRecord(record.domain, mxHost)];
  const inbound: InboundState = { status: 'pending', platformSubdomain: false, mxHost, verifiedAt: null };
  await deps.identities.setInbound(record.tenantId, record._id, inbound, dnsRecords);
  return { ...record, inbound, dnsRecords };
}

/** DELETE /identities/{id}/inbound: the MX record goes and the domain is released (its recipients refused from now). */
export async function disableInbound(deps: MailDeps, record: IdentityRecord): Promise<IdentityRecord> {
  if (!record.inbound) return record;
  const dnsRecords = record.dnsRecords.filter((r) => r.purpose !== 'mx');
  await deps.identities.release(record.tenantId, record._id, null, dnsRecords);
  const { inboundDomain: _released, ...rest } = record;
  return { ...rest, inbound: null, dnsRecords };
}

/**
 * After a DNS check of a receiving identity: it receives when its MX record points at the platform and the identity
 * itself is verified (the DKIM record is this tenant's proof; an MX record is the same for every tenant). The first
 * identity to get there holds the domain; another tenant's finds it `taken`.
 */
export async function checkInbound(deps: MailDeps, record: IdentityRecord, now: Date): Promise<IdentityRecord> {
  const current = record.inbound;
  if (!current || current.platformSubdomain) return record;
  const mxFound = record.dnsRecords.some((r) => r.purpose === 'mx' && r.status === 'found');
  if (mxFound && record.status === 'verified') {
    const verified: InboundState = { ...current, status: 'verified', verifiedAt: current.verifiedAt ?? now };
    if (await deps.identities.claim(record.tenantId, record._id, record.domain, verified)) {
      return { ...record, inbound: verified, inboundDomain: record.domain };
    }
    const taken: InboundState = { ...current, status: 'taken', verifiedAt: null };
    await deps.identities.release(record.tenantId, record._id, taken);
    return { ...record, inbound: taken };
  }
  const failed: InboundState = { ...current, status: 'failed', verifiedAt: null };
  await deps.identities.release(record.tenantId, record._id, failed);
  return { ...record, inbound: failed };
}
