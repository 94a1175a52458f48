import { AppError } from '@mailplane/contracts';
import { auditEvent, newEnvelope, newId, type AuditContext } from '@mailplane/runtime';
import type { IdentityRecord, SealedDkimKey } from '../../data-access/identities-repo';
import type { Envelope } from '@mailplane/contracts';
import { generateDkimKeyPair } from '../../dkim/keys';
import type { MailDeps } from '../deps';
import { getIdentity } from '../identities';
import { announceIdentity, identityChange } from '../identity-audit';
import { dkimRecord, keysKeptChanging, nextSelector, selectorsIn, withKeyRecords } from './records';

const rotationPending = (r: IdentityRecord) =>
  new AppError(
    'rotation_pending',
    `A DKIM key rotation to selector ${r.pendingDkim?.selector} is pending: publish its record, then POST /identities/${r._id}/verify.`,
  );

/** A new RSA key under the next free selector, sealed, listed as a `pending` record: signed with once a verify finds it. */
async function newPendingKey(deps: MailDeps, r: IdentityRecord, now: Date) {
  const keys = await generateDkimKeyPair();
  const key: SealedDkimKey = {
    selector: nextSelector(r.selector, selectorsIn(r)),
    sealedPrivateKey: deps.keyBox.seal(keys.privateKeyPem, r._id),
    publicKey: keys.publicKeyBase64,
    createdAt: now,
  };
  const fields = {
    pendingDkim: key,
    dnsRecords: [...withKeyRecords(r), dkimRecord(r.domain, key, 'rsa-sha256', 'pending')],
    dkimRevision: newId('dkr', now.getTime()),
  };
  return { key, fields };
}

/**
 * POST /identities/{id}/dkim/rotate. One rotation at a time: while one is pending it is a 409 and nothing changes.
 * The write is matched on the keys as read, so of two rotations at once (two replicas, or the API and the timer) one
 * wins and the other answers 409.
 */
export async function rotateDkimKey(deps: MailDeps, tenantId: string, id: string, audit: AuditContext, keyDomain: string | null = null) {
  for (let attempt = 1; ; attempt++) {
    const record = await getIdentity(deps, tenantId, id, keyDomain);
    if (record.inbound?.platformSubdomain) {
      throw new AppError('validation_failed', 'A platform subdomain only receives: it has no DKIM key to rotate.');
    }
    if (record.pendingDkim) throw rotationPending(record);
    const now = deps.clock.now();
    const { key, fields } = await newPendingKey(deps, record, now);
    const event = auditEvent(
      tenantId,
      audit,
      identityChange(id, 'rotateDkimKey', { selector: key.selector, currentSelector: record.selector }),
      now,
    );
    const saved = await deps.identities.saveKeyedSettings(record, fields, [event], now);
    if (saved) {
      await announceIdentity(deps, saved);
      return saved;
    }
    // Gone (getIdentity answers 404 next round) or changed meanwhile: read again and decide again.
    keysKeptChanging(attempt);
  }
}

/**
 * The timer's proposal for an identity whose key is older than DKIM_ROTATE_DAYS: the same pending key a tenant's
 * rotation makes, and `identity.dkim_rotation_proposed` written with it. False when another writer (a replica's
 * round, the tenant) changed the keys first: then that one made the proposal, or a rotation is already on its way.
 */
export async function proposeRotation(deps: MailDeps, record: IdentityRecord): Promise<boolean> {
  const now = deps.clock.now();
  const { key, fields } = await newPendingKey(deps, record, now);
  const event: Envelope = newEnvelope('event', 'identity.dkim_rotation_proposed', now, {
    tenantId: record.tenantId,
    correlationId: record._id,
    data: {
      identityId: record._id,
      domain: record.domain,
      selector: key.selector,
      currentSelector: record.selector,
      keyCreatedAt: (record.dkimKeyCreatedAt ?? record.createdAt).toISOString(),
      proposedAt: now.toISOString(),
    },
  });
  const saved = await deps.identities.saveKeyedSettings(record, fields, [event], now);
  if (!saved) return false;
  deps.logger.info('dkim rotation proposed', { identityId: record._id, selector: key.selector, currentSelector: record.selector });
  await announceIdentity(deps, saved);
  return true;
}
