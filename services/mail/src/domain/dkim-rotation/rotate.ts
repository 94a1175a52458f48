import { AppError } from '@mailplane/contracts';
import { auditEvent, newEnvelope, newId, type AuditContext } from '@mailplane/runtime';
import type { DkimAlgorithm, IdentityRecord, IdentitySettings, SealedDkimKey } from '../../data-access/identities-repo';
import type { Envelope } from '@mailplane/contracts';
import { generateDkimKeyPair, generateEd25519KeyPair } from '../../dkim/keys';
import type { MailDeps } from '../deps';
import { getIdentity } from '../identities';
import { announceIdentity, identityChange } from '../identity-audit';
import { dkimRecord, keysKeptChanging, nextEd25519Selector, nextSelector, selectorsIn, withKeyRecords, withoutSelector } from './records';

const pendingOf = (r: IdentityRecord, algorithm: DkimAlgorithm) => (algorithm === 'rsa-sha256' ? r.pendingDkim : r.pendingEd25519Dkim);

const currentSelector = (r: IdentityRecord, algorithm: DkimAlgorithm) =>
  algorithm === 'rsa-sha256' ? r.selector : (r.ed25519Dkim?.selector ?? 'none');

const rotationPending = (r: IdentityRecord, algorithm: DkimAlgorithm) =>
  new AppError(
    'rotation_pending',
    `A ${algorithm} key rotation to selector ${pendingOf(r, algorithm)?.selector} is pending: publish its record, then POST /identities/${r._id}/verify.`,
  );

function rotatable(r: IdentityRecord, algorithm: DkimAlgorithm): void {
  if (r.inbound?.platformSubdomain) {
    throw new AppError('validation_failed', 'A platform subdomain only receives: it has no DKIM key to rotate.');
  }
  if (algorithm === 'ed25519-sha256' && !r.ed25519Dkim) {
    throw new AppError('validation_failed', 'This identity signs no Ed25519 signature: add ed25519-sha256 to its dkimAlgorithms first.', {
      extra: { errors: [{ path: '/body/algorithm', message: "is not among the identity's dkimAlgorithms" }] },
    });
  }
  if (pendingOf(r, algorithm)) throw rotationPending(r, algorithm);
}

async function newPendingKey(deps: MailDeps, r: IdentityRecord, algorithm: DkimAlgorithm, now: Date) {
  const rsa = algorithm === 'rsa-sha256';
  const keys = rsa ? await generateDkimKeyPair() : generateEd25519KeyPair();
  const key: SealedDkimKey = {
    selector: rsa ? nextSelector(r.selector, selectorsIn(r)) : nextEd25519Selector(r),
    sealedPrivateKey: deps.keyBox.seal(keys.privateKeyPem, r._id),
    publicKey: keys.publicKeyBase64,
    createdAt: now,
  };
  const fields: Partial<IdentitySettings> = {
    ...(rsa ? { pendingDkim: key } : { pendingEd25519Dkim: key }),
    dnsRecords: [...withKeyRecords(r), dkimRecord(r.domain, key, algorithm, 'pending')],
    dkimRevision: newId('dkr', now.getTime()),
  };
  return { key, fields };
}

// Matched on the keys as read: of two writers at once (replicas, the API and the timer, a rotation and a verify) one wins
// and the other reads and decides again, so a 409 or 404 is answered from what the winner left.
async function changeKeys(
  deps: MailDeps,
  tenantId: string,
  id: string,
  keyDomain: string | null,
  change: (r: IdentityRecord, now: Date) => Promise<{ fields: Partial<IdentitySettings>; event: Envelope }>,
) {
  for (let attempt = 1; ; attempt++) {
    const record = await getIdentity(deps, tenantId, id, keyDomain);
    const now = deps.clock.now();
    const { fields, event } = await change(record, now);
    const saved = await deps.identities.saveKeyedSettings(record, fields, [event], now);
    if (saved) {
      await announceIdentity(deps, saved);
      return saved;
    }
    keysKeptChanging(attempt);
  }
}

/** POST /identities/{id}/dkim/rotate: 409 while a rotation of `algorithm` is pending; RSA and Ed25519 rotate apart. */
export function rotateDkimKey(
  deps: MailDeps,
  tenantId: string,
  id: string,
  audit: AuditContext,
  keyDomain: string | null,
  algorithm: DkimAlgorithm = 'rsa-sha256',
) {
  return changeKeys(deps, tenantId, id, keyDomain, async (record, now) => {
    rotatable(record, algorithm);
    const { key, fields } = await newPendingKey(deps, record, algorithm, now);
    const current = algorithm === 'rsa-sha256' ? record.selector : record.ed25519Dkim?.selector;
    const change = identityChange(id, 'rotateDkimKey', { algorithm, selector: key.selector, currentSelector: current });
    return { fields, event: auditEvent(tenantId, audit, change, now) };
  });
}

/** DELETE /identities/{id}/dkim/rotate: the current key signs on; 409 `no_rotation_pending` also once a verify switched. */
export function cancelDkimRotation(
  deps: MailDeps,
  tenantId: string,
  id: string,
  audit: AuditContext,
  keyDomain: string | null,
  algorithm: DkimAlgorithm = 'rsa-sha256',
) {
  return changeKeys(deps, tenantId, id, keyDomain, async (record, now) => {
    const pending = pendingOf(record, algorithm);
    if (!pending) {
      throw new AppError(
        'no_rotation_pending',
        `No ${algorithm} key rotation is pending for this identity: its current key is ${currentSelector(record, algorithm)}.`,
      );
    }
    const fields: Partial<IdentitySettings> = {
      ...(algorithm === 'rsa-sha256' ? { pendingDkim: null } : { pendingEd25519Dkim: null }),
      dnsRecords: withoutSelector(record.dnsRecords, pending.selector),
      dkimRevision: newId('dkr', now.getTime()),
    };
    const change = identityChange(id, 'cancelDkimRotation', { algorithm, selector: pending.selector });
    return { fields, event: auditEvent(tenantId, audit, change, now) };
  });
}

/**
 * The timer's rotation of a key older than DKIM_ROTATE_DAYS (with a pending Ed25519 key when it signs Ed25519). False when
 * another writer (a replica's round, the tenant) changed the keys first: that one proposed, or a rotation is on its way.
 */
export async function proposeRotation(deps: MailDeps, record: IdentityRecord): Promise<boolean> {
  const now = deps.clock.now();
  const rsa = await newPendingKey(deps, record, 'rsa-sha256', now);
  const withEd = record.ed25519Dkim && !record.pendingEd25519Dkim;
  const ed = withEd ? await newPendingKey(deps, { ...record, ...rsa.fields } as IdentityRecord, 'ed25519-sha256', now) : null;
  const fields = { ...rsa.fields, ...ed?.fields };
  const event: Envelope = newEnvelope('event', 'identity.dkim_rotation_proposed', now, {
    tenantId: record.tenantId,
    correlationId: record._id,
    data: {
      identityId: record._id,
      domain: record.domain,
      selector: rsa.key.selector,
      currentSelector: record.selector,
      ed25519Selector: ed?.key.selector ?? null,
      keyCreatedAt: (record.dkimKeyCreatedAt ?? record.createdAt).toISOString(),
      proposedAt: now.toISOString(),
    },
  });
  const saved = await deps.identities.saveKeyedSettings(record, fields, [event], now);
  if (!saved) return false;
  deps.logger.info('dkim rotation proposed', { identityId: record._id, selector: rsa.key.selector, currentSelector: record.selector });
  await announceIdentity(deps, saved);
  return true;
}
