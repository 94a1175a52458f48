import { AppError, type UpdateIdentityRequest } from '@mailplane/contracts';
import { auditEvent, type AuditContext } from '@mailplane/runtime';
import type { IdentityRecord, IdentitySettings } from '../../data-access/identities-repo';
import { dkimAlgorithmSettings } from '../../domain/dkim-rotation/algorithms';
import { keysKeptChanging } from '../../domain/dkim-rotation/records';
import { trackingRecord } from '../../domain/dns-records';
import type { MailDeps } from '../../domain/deps';
import { getIdentity } from '../../domain/identities';
import { returnPathSettings } from '../../domain/return-path-domain';
import { announceIdentity, identityChange } from '../../domain/identity-audit';

/** A new tracking or return path domain is not used (platform host, bounce domain) until a verify finds its records. */
export async function updateIdentity(
  deps: MailDeps,
  tenantId: string,
  id: string,
  input: UpdateIdentityRequest,
  audit: AuditContext,
  keyDomain: string | null = null,
) {
  for (let attempt = 1; ; attempt++) {
    const identity = await getIdentity(deps, tenantId, id, keyDomain);
    const now = deps.clock.now();
    const settings = settingsOf(deps, identity, input, now);
    const { dnsRecords: _published, verifiedReturnPathDomain: _used, ed25519Dkim: _key, dkimRevision: _revision, ...changes } = settings;
    const event = auditEvent(tenantId, audit, identityChange(id, 'updateIdentity', changes), now);
    // Matched on the keys as read: a rotation or verify meanwhile rewrote the records this would overwrite.
    const updated = await deps.identities.saveKeyedSettings(identity, settings, [event], now);
    if (updated) {
      await announceIdentity(deps, updated);
      return updated;
    }
    keysKeptChanging(attempt);
  }
}

function settingsOf(deps: MailDeps, identity: IdentityRecord, input: UpdateIdentityRequest, now: Date): Partial<IdentitySettings> {
  // The DKIM keys first: they may list or drop a record the domains below keep.
  const settings: Partial<IdentitySettings> = input.dkimAlgorithms ? dkimAlgorithmSettings(deps, identity, input.dkimAlgorithms, now) : {};
  const records = () => settings.dnsRecords ?? identity.dnsRecords;
  if (input.tracking) {
    const current = identity.tracking ?? { opens: false, clicks: false };
    settings.tracking = { opens: input.tracking.opens ?? current.opens, clicks: input.tracking.clicks ?? current.clicks };
  }
  if (input.trackingDomain !== undefined && input.trackingDomain !== (identity.trackingDomain ?? null)) {
    const domain = input.trackingDomain;
    if (domain !== null && !domain.endsWith(`.${identity.domain}`)) {
      throw new AppError('validation_failed', `The tracking domain must be a host under ${identity.domain}.`, {
        extra: { errors: [{ path: '/body/trackingDomain', message: `is not under ${identity.domain}` }] },
      });
    }
    const others = records().filter((r) => r.purpose !== 'tracking');
    settings.trackingDomain = domain;
    settings.dnsRecords = domain === null ? others : [...others, trackingRecord(domain, deps.config.tracking.cnameTarget)];
  }
  if (input.returnPathDomain !== undefined && input.returnPathDomain?.toLowerCase() !== (identity.returnPath?.domain ?? null)) {
    const current = {
      domain: identity.domain,
      dnsRecords: records(),
      platformSubdomain: !!identity.inbound?.platformSubdomain,
    };
    Object.assign(settings, returnPathSettings(deps.config.bounces, current, input.returnPathDomain));
    // No return path of its own is in use until a verify finds the new one's records.
    if (identity.alignment) settings.alignment = { ...identity.alignment, spf: false };
  }
  return settings;
}
