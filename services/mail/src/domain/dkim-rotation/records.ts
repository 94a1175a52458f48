import { newId } from '@mailplane/runtime';
import type { DkimAlgorithm, DnsRecord, IdentityRecord, SealedDkimKey } from '../../data-access/identities-repo';
import { dkimTxtValue } from '../../dkim/keys';

/** Mail signed just before a switch can sit through the retry schedule (~28 h) and receivers' queues after it. */
export const RETIRING_RECORD_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

const KEYED_WRITE_ATTEMPTS = 5;

/** A write matched on the keys as read lost to another writer this many times: give up rather than spin. */
export function keysKeptChanging(attempt: number): void {
  if (attempt >= KEYED_WRITE_ATTEMPTS) throw new Error(`the identity's DKIM keys changed under ${attempt} writes in a row`);
}

export const isDkim = (r: DnsRecord) => r.purpose === 'dkim';
/** Records listed before rotation existed carry neither field: they are the current RSA key's. */
export const algorithmOf = (r: DnsRecord): DkimAlgorithm => r.algorithm ?? 'rsa-sha256';
export const keyStateOf = (r: DnsRecord) => r.keyState ?? 'current';
export const withDkimDefaults = (r: DnsRecord): DnsRecord => (isDkim(r) ? { ...r, algorithm: algorithmOf(r), keyState: keyStateOf(r) } : r);

/** The gateway checked the query's `algorithm` against the contract: absent means RSA. */
export const dkimAlgorithmIn = (value: unknown): DkimAlgorithm => (value === 'ed25519-sha256' ? 'ed25519-sha256' : 'rsa-sha256');

export const algorithmsOf = (r: Pick<IdentityRecord, 'dkimAlgorithms'>): DkimAlgorithm[] => r.dkimAlgorithms ?? ['rsa-sha256'];

export function dkimRecord(
  domain: string,
  key: Pick<SealedDkimKey, 'selector' | 'publicKey'>,
  algorithm: DkimAlgorithm,
  keyState: DnsRecord['keyState'],
): DnsRecord {
  return {
    purpose: 'dkim',
    type: 'TXT',
    name: `${key.selector}._domainkey.${domain}`,
    value: dkimTxtValue(key.publicKey, algorithm === 'ed25519-sha256' ? 'ed25519' : 'rsa'),
    status: 'unchecked',
    algorithm,
    keyState,
  };
}

const selectorOf = (r: DnsRecord) => r.name.slice(0, r.name.indexOf('._domainkey.'));

/** The selector after `current` (`mp1` → `mp2`, `s2026` → `s2027`, `brand` → `brand2`), none of `taken`. */
export function nextSelector(current: string, taken: string[]): string {
  const [, stem, digits] = /^(.*?)(\d*)$/.exec(current) as RegExpExecArray;
  let n = digits ? Number(digits) + 1 : 2;
  while (taken.includes(`${stem}${n}`)) n += 1;
  return `${stem}${n}`;
}

export const selectorsIn = (r: IdentityRecord) => [
  r.selector,
  ...r.dnsRecords.filter(isDkim).map(selectorOf),
  r.ed25519Dkim?.selector ?? '',
  r.pendingEd25519Dkim?.selector ?? '',
];

const ED25519_SUFFIX = '-ed25519';

/** `mp1-ed25519` → `mp2-ed25519`. */
export function nextEd25519Selector(r: IdentityRecord): string {
  const current = r.ed25519Dkim?.selector ?? `${r.selector}${ED25519_SUFFIX}`;
  const stemOf = (selector: string) => (selector.endsWith(ED25519_SUFFIX) ? selector.slice(0, -ED25519_SUFFIX.length) : selector);
  const taken = selectorsIn(r)
    .filter((t) => t.endsWith(ED25519_SUFFIX))
    .map(stemOf);
  return `${nextSelector(stemOf(current), taken)}${ED25519_SUFFIX}`;
}

/** Its key records, as its keys say they should be listed: a pending or Ed25519 record another write dropped comes back. */
export function withKeyRecords(r: IdentityRecord): DnsRecord[] {
  const unlisted = (key: SealedDkimKey | null | undefined): key is SealedDkimKey =>
    !!key && !r.dnsRecords.some((d) => isDkim(d) && selectorOf(d) === key.selector);
  const missing: DnsRecord[] = [];
  if (unlisted(r.pendingDkim)) missing.push(dkimRecord(r.domain, r.pendingDkim, 'rsa-sha256', 'pending'));
  if (unlisted(r.ed25519Dkim)) missing.push(dkimRecord(r.domain, r.ed25519Dkim, 'ed25519-sha256', 'pending'));
  if (unlisted(r.pendingEd25519Dkim)) missing.push(dkimRecord(r.domain, r.pendingEd25519Dkim, 'ed25519-sha256', 'pending'));
  return [...r.dnsRecords, ...missing];
}

export const withoutSelector = (records: DnsRecord[], selector: string) =>
  records.filter((d) => !(isDkim(d) && selectorOf(d) === selector));

function switchedRecords(
  records: DnsRecord[],
  algorithm: DkimAlgorithm,
  pendingSelector: string,
  currentSelector: string | null,
  now: Date,
) {
  const removableAfter = new Date(now.getTime() + RETIRING_RECORD_DAYS * DAY_MS).toISOString();
  return records.map((d) => {
    if (!isDkim(d) || algorithmOf(d) !== algorithm) return d;
    if (selectorOf(d) === pendingSelector) return { ...d, keyState: 'current' as const };
    if (selectorOf(d) === currentSelector && keyStateOf(d) !== 'retiring')
      return { ...withDkimDefaults(d), keyState: 'retiring' as const, removableAfter };
    return d;
  });
}

const foundRecord = (records: DnsRecord[], key: SealedDkimKey | null | undefined, algorithm: DkimAlgorithm) =>
  !!key && records.some((d) => isDkim(d) && selectorOf(d) === key.selector && algorithmOf(d) === algorithm && d.status === 'found');

/**
 * A pending key whose record is found becomes its algorithm's current key, the old record `retiring` (docs/decisions/dkim-rotation.md).
 * The Ed25519 key signs only while its record is found. `found`: the current RSA record is published (the identity's status).
 */
export function keysAfterCheck(r: IdentityRecord, checked: DnsRecord[], now: Date) {
  let records = checked;
  const fields: Partial<IdentityRecord> = {};
  const pending = r.pendingDkim;
  if (pending && foundRecord(records, pending, 'rsa-sha256')) {
    records = switchedRecords(records, 'rsa-sha256', pending.selector, r.selector, now);
    Object.assign(fields, {
      selector: pending.selector,
      sealedPrivateKey: pending.sealedPrivateKey,
      publicKey: pending.publicKey,
      dkimKeyCreatedAt: pending.createdAt,
      pendingDkim: null,
    });
  }
  let ed = r.ed25519Dkim;
  const pendingEd = r.pendingEd25519Dkim;
  if (ed && pendingEd && foundRecord(records, pendingEd, 'ed25519-sha256')) {
    records = switchedRecords(records, 'ed25519-sha256', pendingEd.selector, ed.selector, now);
    ed = { ...pendingEd, active: true };
    Object.assign(fields, { ed25519Dkim: ed, pendingEd25519Dkim: null });
  }
  records = records.filter((d) => !(isDkim(d) && keyStateOf(d) === 'retiring' && d.removableAfter && new Date(d.removableAfter) <= now));
  if (ed) {
    const current = ed;
    const active = foundRecord(records, current, 'ed25519-sha256');
    records = records.map((d) =>
      isDkim(d) && selectorOf(d) === current.selector ? { ...d, keyState: active ? ('current' as const) : ('pending' as const) } : d,
    );
    if (active !== current.active) fields.ed25519Dkim = { ...current, active };
  }
  if (Object.keys(fields).length > 0) fields.dkimRevision = newId('dkr', now.getTime());
  const found = records.some((d) => isDkim(d) && algorithmOf(d) === 'rsa-sha256' && keyStateOf(d) === 'current' && d.status === 'found');
  return { dnsRecords: records, fields, found, switched: !!fields.selector };
}
