import { AppError } from '@mailplane/contracts';
import { DuplicateKeyError, carrying } from '@mailplane/store';
import { auditEvent, newEnvelope, newId, pageOf, type AuditContext } from '@mailplane/runtime';
import type { IdentityRecord } from '../data-access/identities-repo';
import { generateDkimKeyPair } from '../dkim/keys';
import { checkRecords, recordsToPublish } from './dns-records';
import type { MailDeps } from './deps';
import { announceIdentity, identityChange, identityGone } from './identity-audit';
import { checkIdentityDomain, identityVisible } from './key-domain';
import { checkedReturnPath, dmarcAlignment, returnPathSettings } from './return-path-domain';
import { checkInbound, checkPlatformSubdomain, isPlatformSubdomain, pendingInbound, platformSubdomainState } from './inbound/domains';
import { algorithmsOf, keysAfterCheck, keysKeptChanging, withDkimDefaults, withKeyRecords } from './dkim-rotation/records';

export function identityView(r: IdentityRecord) {
  return {
    id: r._id,
    domain: r.domain,
    selector: r.selector,
    dkimAlgorithms: algorithmsOf(r),
    status: r.status,
    dnsRecords: r.dnsRecords.map(withDkimDefaults),
    createdAt: r.createdAt.toISOString(),
    verifiedAt: r.verifiedAt?.toISOString() ?? null,
    lastCheckedAt: r.lastCheckedAt?.toISOString() ?? null,
    inbound: r.inbound ? { ...r.inbound, verifiedAt: r.inbound.verifiedAt?.toISOString() ?? null } : null,
    tracking: r.tracking ?? { opens: false, clicks: false },
    trackingDomain: r.trackingDomain ?? null,
    returnPathDomain: r.returnPath?.domain ?? null,
    returnPath: r.returnPath ? { ...r.returnPath, lastCheckedAt: r.returnPath.lastCheckedAt?.toISOString() ?? null } : null,
    alignment: r.alignment ?? null,
  };
}

export async function createIdentity(
  deps: MailDeps,
  tenantId: string,
  input: { domain: string; selector?: string; inbound?: boolean; returnPathDomain?: string },
  audit: AuditContext,
  keyDomain: string | null = null,
) {
  const domain = input.domain.toLowerCase();
  checkIdentityDomain(domain, keyDomain);
  // A platform subdomain is the platform's DNS: nothing to publish, it receives from the start (and never sends).
  const platform = isPlatformSubdomain(deps, domain);
  if (platform) checkPlatformSubdomain(deps, domain);
  const selector = input.selector ?? deps.config.defaultSelector;
  const returnPath = input.returnPathDomain
    ? returnPathSettings(deps.config.bounces, { domain, dnsRecords: [], platformSubdomain: platform }, input.returnPathDomain)
    : null;
  const keys = await generateDkimKeyPair();
  const now = deps.clock.now();
  const id = newId('idn', now.getTime());
  const changes = { domain, selector, inbound: platform || !!input.inbound, returnPathDomain: returnPath?.returnPath?.domain ?? null };
  const record: IdentityRecord = {
    _id: id,
    tenantId,
    domain,
    selector,
    status: 'pending',
    sealedPrivateKey: deps.keyBox.seal(keys.privateKeyPem, id),
    publicKey: keys.publicKeyBase64,
    dnsRecords: [
      ...(platform ? [] : recordsToPublish(domain, selector, keys.publicKeyBase64, deps.config.spfInclude)),
      ...(returnPath?.dnsRecords ?? []),
    ],
    ...(returnPath ? { returnPath: returnPath.returnPath, verifiedReturnPathDomain: null } : {}),
    createdAt: now,
    dkimKeyCreatedAt: now,
    verifiedAt: null,
    lastCheckedAt: null,
    changedAt: now,
    changeSeq: 1,
    ...carrying([auditEvent(tenantId, audit, identityChange(id, 'createIdentity', changes), now)]),
  };
  Object.assign(record, platform ? platformSubdomainState(deps, domain, now) : input.inbound ? pendingInbound(deps, record) : {});
  try {
    await deps.identities.insert(record);
  } catch (err) {
    if (err instanceof DuplicateKeyError) throw new AppError('already_exists', `An identity for ${domain} already exists.`);
    throw err;
  }
  await announceIdentity(deps, record);
  return record;
}

/** The tenant's identity, if the key of the request (restricted to `keyDomain`, or to none) may see it. */
export async function getIdentity(deps: MailDeps, tenantId: string, id: string, keyDomain: string | null = null) {
  const record = await deps.identities.byId(tenantId, id);
  if (!record || !identityVisible(record, keyDomain)) throw identityGone(id);
  return record;
}

/**
 * The current DKIM record decides; SPF and DMARC are advice. The write is matched on the keys as read: a rotation or PATCH
 * meanwhile makes it look again rather than list records of keys now gone.
 */
export async function verifyIdentity(deps: MailDeps, tenantId: string, id: string, audit: AuditContext, keyDomain: string | null = null) {
  for (let attempt = 1; ; attempt++) {
    const record = await getIdentity(deps, tenantId, id, keyDomain);
    const now = deps.clock.now();
    const keys = keysAfterCheck(record, await checkRecords(deps.resolver, withKeyRecords(record)), now);
    const { dnsRecords, found: dkimFound } = keys;
    const status = dkimFound ? ('verified' as const) : ('failed' as const);
    const found = dnsRecords.map((r) => ({ purpose: r.purpose, status: r.status }));
    const returnPath = checkedReturnPath(record.returnPath, dnsRecords, dkimFound, now);
    const alignment = dmarcAlignment(
      record.domain,
      { domain: record.domain, found: dkimFound },
      returnPath.verifiedReturnPathDomain ?? null,
    );
    const changes = {
      status,
      dnsRecords: found,
      returnPath: returnPath.returnPath?.status ?? null,
      alignment,
      ...(keys.switched ? { selector: keys.fields.selector } : {}),
    };
    const events = [
      ...(status === record.status ? [] : [identityEvent(record, status, now)]),
      auditEvent(tenantId, audit, identityChange(id, 'verifyIdentity', changes), now),
    ];
    const check = {
      ...keys.fields,
      status,
      dnsRecords,
      lastCheckedAt: now,
      verifiedAt: dkimFound ? (record.verifiedAt ?? now) : null,
      ...returnPath,
      alignment,
    };
    const checked = await deps.identities.saveCheck(record, check, events);
    // Gone (404 on the next read) or its keys changed meanwhile: check again.
    if (!checked) {
      keysKeptChanging(attempt);
      continue;
    }
    await announceIdentity(deps, checked);
    return checkInbound(deps, checked, now);
  }
}

const identityEvent = (record: IdentityRecord, status: 'verified' | 'failed', at: Date) =>
  newEnvelope('event', `identity.${status}`, at, {
    tenantId: record.tenantId,
    correlationId: record._id,
    data: { identityId: record._id, domain: record.domain, status, checkedAt: at.toISOString() },
  });

/** Gone for the tenant at once; a tombstone carries the deletion's record until it is published. */
export async function deleteIdentity(deps: MailDeps, tenantId: string, id: string, audit: AuditContext, keyDomain: string | null = null) {
  const record = await getIdentity(deps, tenantId, id, keyDomain);
  const now = deps.clock.now();
  const event = auditEvent(tenantId, audit, identityChange(id, 'deleteIdentity', { domain: record.domain }), now);
  const removed = await deps.identities.remove(record, now, [event]);
  if (!removed) throw identityGone(id);
  await announceIdentity(deps, removed);
}

export async function listIdentities(
  deps: MailDeps,
  tenantId: string,
  page: { limit: number; offset: number },
  keyDomain: string | null = null,
) {
  return pageOf(page, deps.identities.list(tenantId, page, keyDomain), deps.identities.count(tenantId, keyDomain), identityView);
}
