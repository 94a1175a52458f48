import { newId } from '@mailplane/runtime';
import type { DkimAlgorithm, DnsRecord, IdentityRecord, SealedDkimKey } from '../../data-access/identities-repo';
import { dkimTxtValue } from '../../dkim/keys';

/**
 * How long a key's record stays listed after a rotation switched away from it: mail signed just before the switch
 * can sit in the queue through the whole retry schedule (about 28 hours) and in the receivers' own queues after
 * that; a week covers both with room, as Postmark's rotation does.
 */
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
/** What a response shows of a record: a `dkim` record always says its algorithm and state. */
export const withDkimDefaults = (r: DnsRecord): DnsRecord => (isDkim(r) ? { ...r, algorithm: algorithmOf(r), keyState: keyStateOf(r) } : r);

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

/** The selectors an identity lists or holds, which a new key must not reuse. */
export const selectorsIn = (r: IdentityRecord) => [
  r.selector,
  ...r.dnsRecords.filter(isDkim).map(selectorOf),
  r.ed25519Dkim?.selector ?? '',
];

/** Its key records, as its keys say they should be listed: a pending or Ed25519 record another write dropped comes back. */
export function withKeyRecords(r: IdentityRecord): DnsRecord[] {
  const listed = (key: SealedDkimKey | null | undefined) => !key || r.dnsRecords.some((d) => isDkim(d) && selectorOf(d) === key.selector);
  return [
    ...r.dnsRecords,
    ...(listed(r.pendingDkim) ? [] : [dkimRecord(r.domain, r.pendingDkim as SealedDkimKey, 'rsa-sha256', 'pending')]),
    ...(listed(r.ed25519Dkim) ? [] : [dkimRecord(r.domain, r.ed25519Dkim as SealedDkimKey, 'ed25519-sha256', 'pending')]),
  ];
}

/**
 * What a check's findings do to the keys. The pending RSA record found: that key becomes the current one (it signs
 * from now on) and the old record `retiring`, removable after RETIRING_RECORD_DAYS; a retiring record past that time
 * leaves the list. The Ed25519 key signs while its record is found, and stops when a check no longer finds it.
 * `found`: whether the current RSA record is published, which decides the identity's status.
 */
export function keysAfterCheck(r: IdentityRecord, checked: DnsRecord[], now: Date) {
  let records = checked;
  const fields: Partial<IdentityRecord> = {};
  const pending = r.pendingDkim;
  const pendingRecord = pending && records.find((d) => isDkim(d) && selectorOf(d) === pending.selector && algorithmOf(d) === 'rsa-sha256');
  if (pending && pendingRecord?.status === 'found') {
    const removableAfter = new Date(now.getTime() + RETIRING_RECORD_DAYS * DAY_MS).toISOString();
    records = records.map((d) => {
      if (d === pendingRecord) return { ...d, keyState: 'current' as const };
      if (isDkim(d) && algorithmOf(d) === 'rsa-sha256' && keyStateOf(d) === 'current') {
        return { ...withDkimDefaults(d), keyState: 'retiring' as const, removableAfter };
      }
      return d;
    });
    Object.assign(fields, {
      selector: pending.selector,
      sealedPrivateKey: pending.sealedPrivateKey,
      publicKey: pending.publicKey,
      dkimKeyCreatedAt: pending.createdAt,
      pendingDkim: null,
    });
  }
  records = records.filter((d) => !(isDkim(d) && keyStateOf(d) === 'retiring' && d.removableAfter && new Date(d.removableAfter) <= now));
  const ed = r.ed25519Dkim;
  if (ed) {
    const edRecord = records.find((d) => isDkim(d) && algorithmOf(d) === 'ed25519-sha256');
    const active = edRecord?.status === 'found';
    records = records.map((d) => (d === edRecord ? { ...d, keyState: active ? ('current' as const) : ('pending' as const) } : d));
    if (active !== ed.active) fields.ed25519Dkim = { ...ed, active };
  }
  if (Object.keys(fields).length > 0) fields.dkimRevision = newId('dkr', now.getTime());
  const found = records.some((d) => isDkim(d) && algorithmOf(d) === 'rsa-sha256' && keyStateOf(d) === 'current' && d.status === 'found');
  return { dnsRecords: records, fields, found, switched: !!fields.selector };
}
