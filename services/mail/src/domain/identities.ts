import { AppError } from '@mailplane/contracts';
import { DuplicateKeyError } from '@mailplane/store';
import { newEnvelope, newId, pageOf } from '@mailplane/runtime';
import { carrying } from '@mailplane/store';
import type { IdentityRecord } from '../data-access/identities-repo';
import { generateDkimKeyPair } from '../dkim/keys';
import { checkRecords, recordsToPublish } from './dns-records';
import type { MailDeps } from './deps';

export function identityView(r: IdentityRecord) {
  return {
    id: r._id,
    domain: r.domain,
    selector: r.selector,
    status: r.status,
    dnsRecords: r.dnsRecords,
    createdAt: r.createdAt.toISOString(),
    verifiedAt: r.verifiedAt?.toISOString() ?? null,
    lastCheckedAt: r.lastCheckedAt?.toISOString() ?? null,
    tracking: r.tracking ?? { opens: false, clicks: false },
    trackingDomain: r.trackingDomain ?? null,
  };
}

export async function createIdentity(deps: MailDeps, tenantId: string, input: { domain: string; selector?: string }) {
  const domain = input.domain.toLowerCase();
  const selector = input.selector ?? deps.config.defaultSelector;
  const keys = await generateDkimKeyPair();
  const now = deps.clock.now();
  const id = newId('idn', now.getTime());
  const record: IdentityRecord = {
    _id: id,
    tenantId,
    domain,
    selector,
    status: 'pending',
    sealedPrivateKey: deps.keyBox.seal(keys.privateKeyPem, id),
    publicKey: keys.publicKeyBase64,
    dnsRecords: recordsToPublish(domain, selector, keys.publicKeyBase64, deps.config.spfInclude),
    createdAt: now,
    verifiedAt: null,
    lastCheckedAt: null,
    ...carrying([]),
  };
  try {
    await deps.identities.insert(record);
  } catch (err) {
    if (err instanceof DuplicateKeyError) throw new AppError('already_exists', `An identity for ${domain} already exists.`);
    throw err;
  }
  return record;
}

export async function getIdentity(deps: MailDeps, tenantId: string, id: string) {
  const record = await deps.identities.byId(tenantId, id);
  if (!record) throw new AppError('not_found', `No identity ${id}`);
  return record;
}

/**
 * Runs the real DNS lookups; the DKIM record decides, SPF and DMARC are reported as advice. A check that
 * changes the status writes `identity.verified` or `identity.failed` with it, published right after.
 */
export async function verifyIdentity(deps: MailDeps, tenantId: string, id: string) {
  const record = await getIdentity(deps, tenantId, id);
  const dnsRecords = await checkRecords(deps.resolver, record.dnsRecords);
  const now = deps.clock.now();
  const dkimFound = dnsRecords.some((r) => r.purpose === 'dkim' && r.status === 'found');
  const status = dkimFound ? ('verified' as const) : ('failed' as const);
  const events = status === record.status ? [] : [identityEvent(record, status, now)];
  const change = {
    status,
    dnsRecords,
    lastCheckedAt: now,
    verifiedAt: dkimFound ? (record.verifiedAt ?? now) : null,
    // identities created before they carried events have no list yet
    ...carrying([...(record.pendingEvents ?? []), ...events]),
  };
  await deps.identities.saveCheck(tenantId, id, change);
  const checked = { ...record, ...change };
  if (change.eventsPending) {
    await announceIdentity(deps, checked).catch((err) => deps.logger.warn('identity checked, event not yet published', { err }));
  }
  return checked;
}

export async function announceIdentity(deps: MailDeps, record: IdentityRecord) {
  await deps.identities.announce(record, (event) => deps.broker.publish(event));
}

const identityEvent = (record: IdentityRecord, status: 'verified' | 'failed', at: Date) =>
  newEnvelope('event', `identity.${status}`, at, {
    tenantId: record.tenantId,
    correlationId: record._id,
    data: { identityId: record._id, domain: record.domain, status, checkedAt: at.toISOString() },
  });

export async function deleteIdentity(deps: MailDeps, tenantId: string, id: string) {
  if ((await deps.identities.remove(tenantId, id)) === 0) throw new AppError('not_found', `No identity ${id}`);
}

export async function listIdentities(deps: MailDeps, tenantId: string, page: { limit: number; offset: number }) {
  return pageOf(page, deps.identities.list(tenantId, page), deps.identities.count(tenantId), identityView);
}
