import { AppError } from '@mailplane/contracts';
import { newId } from '@mailplane/runtime';
import type { DkimAlgorithm, IdentityRecord, IdentitySettings } from '../../data-access/identities-repo';
import { generateEd25519KeyPair } from '../../dkim/keys';
import type { MailDeps } from '../deps';
import { algorithmOf, algorithmsOf, dkimRecord, isDkim, withKeyRecords } from './records';

const ORDER: DkimAlgorithm[] = ['rsa-sha256', 'ed25519-sha256'];

/** Ed25519 is signed beside RSA, never instead (receivers that do not know it ignore it), once a verify finds its record. */
export function dkimAlgorithmSettings(deps: MailDeps, r: IdentityRecord, wanted: DkimAlgorithm[], now: Date): Partial<IdentitySettings> {
  if (!wanted.includes('rsa-sha256')) {
    throw new AppError('validation_failed', 'dkimAlgorithms must include rsa-sha256: Ed25519 is signed beside RSA, never instead.', {
      extra: { errors: [{ path: '/body/dkimAlgorithms', message: 'must include rsa-sha256' }] },
    });
  }
  const algorithms = ORDER.filter((a) => wanted.includes(a));
  if (algorithms.join() === algorithmsOf(r).join()) return {};
  const records = withKeyRecords(r).filter((d) => !(isDkim(d) && algorithmOf(d) === 'ed25519-sha256'));
  const settings: Partial<IdentitySettings> = { dkimAlgorithms: algorithms, dkimRevision: newId('dkr', now.getTime()) };
  if (!algorithms.includes('ed25519-sha256')) return { ...settings, ed25519Dkim: null, pendingEd25519Dkim: null, dnsRecords: records };
  const keys = generateEd25519KeyPair();
  const key = {
    selector: `${r.selector}-ed25519`,
    sealedPrivateKey: deps.keyBox.seal(keys.privateKeyPem, r._id),
    publicKey: keys.publicKeyBase64,
    createdAt: now,
    active: false,
  };
  return { ...settings, ed25519Dkim: key, dnsRecords: [...records, dkimRecord(r.domain, key, 'ed25519-sha256', 'pending')] };
}
