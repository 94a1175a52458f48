import { AppError } from '@mailplane/contracts';
import { auditEvent, type AuditContext } from '@mailplane/runtime';
import type { DnsRecord, IdentityRecord, InboundState } from '../../data-access/identities-repo';
import type { InboundConfig } from '../../inbound-config';
import { mxRecord } from '../dns-records';
import type { MailDeps } from '../deps';
import { announceIdentity, identityChange, identityGone } from '../identity-audit';

export function receivingConfigured(deps: MailDeps): InboundConfig {
  if (!deps.config.inbound) throw new AppError('inbound_not_configured', 'This platform receives no mail: INBOUND_MX_HOST is unset.');
  return deps.config.inbound;
}

/** `acme.inbound.example.com` under INBOUND_DOMAIN `inbound.example.com`: a platform subdomain, one label deep. */
export function isPlatformSubdomain(deps: MailDeps, domain: string): boolean {
  const platform = deps.config.inbound?.platformDomain;
  return !!platform && domain.endsWith(`.${platform}`);
}

export function checkPlatformSubdomain(deps: MailDeps, domain: string): void {
  const platform = receivingConfigured(deps).platformDomain as string;
  const slug = domain.slice(0, -(platform.length + 1));
  if (slug.includes('.')) {
    const message = `must be <slug>.${platform}: one label under the platform's receiving domain`;
    throw new AppError('validation_failed', `domain ${message}.`, { extra: { errors: [{ path: '/body/domain', message }] } });
  }
}

/** Receiving from the start, claimed by the insert itself. */
export const platformSubdomainState = (deps: MailDeps, domain: string, now: Date): Pick<IdentityRecord, 'inbound' | 'inboundDomain'> => ({
  inbound: { status: 'verified', platformSubdomain: true, mxHost: receivingConfigured(deps).mxHost, verifiedAt: now },
  inboundDomain: domain,
});

export function pendingInbound(deps: MailDeps, record: IdentityRecord): { inbound: InboundState; dnsRecords: DnsRecord[] } {
  const { mxHost } = receivingConfigured(deps);
  const dnsRecords = [...record.dnsRecords.filter((r) => r.purpose !== 'mx'), mxRecord(record.domain, mxHost)];
  return { inbound: { status: 'pending', platformSubdomain: false, mxHost, verifiedAt: null }, dnsRecords };
}

/** POST /identities/{id}/inbound, audited; a platform subdomain or an identity that already receives changes nothing. */
export async function enableInbound(deps: MailDeps, record: IdentityRecord, audit: AuditContext): Promise<IdentityRecord> {
  const { inbound, dnsRecords } = pendingInbound(deps, record);
  if (record.inbound) return record;
  const now = deps.clock.now();
  const event = auditEvent(record.tenantId, audit, identityChange(record._id, 'enableInbound', { inbound: true }), now);
  const changed = await deps.identities.saveSettings(record.tenantId, record._id, { inbound, dnsRecords }, [event], now);
  if (!changed) throw identityGone(record._id);
  await announceIdentity(deps, changed);
  return changed;
}

/** DELETE /identities/{id}/inbound, audited: the domain is released, its recipients refused from now. */
export async function disableInbound(deps: MailDeps, record: IdentityRecord, audit: AuditContext): Promise<IdentityRecord> {
  if (!record.inbound) return record;
  const now = deps.clock.now();
  const dnsRecords = record.dnsRecords.filter((r) => r.purpose !== 'mx');
  const event = auditEvent(record.tenantId, audit, identityChange(record._id, 'disableInbound', { inbound: false }), now);
  const changed = await deps.identities.disableInbound(record.tenantId, record._id, dnsRecords, [event], now);
  if (!changed) throw identityGone(record._id);
  await announceIdentity(deps, changed);
  return changed;
}

/**
 * Receiving also needs the identity verified: the DKIM record is this tenant's proof, an MX record is the same for every
 * tenant. The first identity to get there holds the domain; another tenant's finds it `taken`.
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
