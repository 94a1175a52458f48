import type { DnsRecord, RecordStatus } from '../data-access/identities-repo';
import { dkimTxtValue } from '../dkim/keys';
import { AppError } from '@mailplane/contracts';
import { DnsUnavailableError, TxtNotFoundError, type TxtResolver } from '../dns/resolver';

/** What a tenant publishes: the DKIM key (required to send), SPF and DMARC (advice, shown with their status). */
export function recordsToPublish(domain: string, selector: string, publicKey: string, spfInclude: string): DnsRecord[] {
  return [
    {
      purpose: 'dkim',
      type: 'TXT',
      name: `${selector}._domainkey.${domain}`,
      value: dkimTxtValue(publicKey),
      status: 'unchecked',
      algorithm: 'rsa-sha256',
      keyState: 'current',
    },
    { purpose: 'spf', type: 'TXT', name: domain, value: `v=spf1 include:${spfInclude} ~all`, status: 'unchecked' },
    { purpose: 'dmarc', type: 'TXT', name: `_dmarc.${domain}`, value: 'v=DMARC1; p=none; adkim=r; aspf=r', status: 'unchecked' },
  ];
}

const squash = (s: string) => s.replace(/\s+/g, '').toLowerCase();
const tag = (value: string, name: string) => new RegExp(`(?:^|;)\\s*${name}=([^;]*)`, 'i').exec(value)?.[1]?.replace(/\s+/g, '');

function judge(record: DnsRecord, found: string[]): RecordStatus {
  switch (record.purpose) {
    case 'dkim': {
      const keys = found.filter((v) => /v=DKIM1/i.test(v) || tag(v, 'p') !== undefined);
      if (keys.length === 0) return 'missing';
      return keys.some((v) => tag(v, 'p') === tag(record.value, 'p')) ? 'found' : 'mismatch';
    }
    case 'spf': {
      const spf = found.filter((v) => /^v=spf1(\s|$)/i.test(v));
      if (spf.length === 0) return 'missing';
      const include = /include:(\S+)/.exec(record.value)?.[1] ?? '';
      return spf.some((v) => squash(v).includes(squash(`include:${include}`))) ? 'found' : 'mismatch';
    }
    case 'dmarc':
      return found.some((v) => /^v=DMARC1\s*(;|$)/i.test(v)) ? 'found' : 'missing';
    case 'mx':
      return judgeMx(record, found);
    case 'returnPath':
      return record.type === 'MX' ? judgeMx(record, found) : judgeSpfTerms(record, found);
    case 'tracking':
      return 'missing';
  }
}

function judgeMx(record: DnsRecord, found: string[]): RecordStatus {
  if (found.length === 0) return 'missing';
  return found.includes(record.value.toLowerCase()) ? 'found' : 'mismatch';
}

/** An SPF record that names every mechanism of the one asked for (its `all` aside: the domain's owner picks that). */
function judgeSpfTerms(record: DnsRecord, found: string[]): RecordStatus {
  const spf = found.filter((v) => /^v=spf1(\s|$)/i.test(v));
  if (spf.length === 0) return 'missing';
  const terms = (v: string) =>
    v
      .toLowerCase()
      .split(/\s+/)
      .slice(1)
      .filter((t) => t !== '' && !/^[-~?+]?all$/.test(t));
  const wanted = terms(record.value);
  return spf.some((v) => wanted.every((t) => terms(v).includes(t))) ? 'found' : 'mismatch';
}

async function lookUp(resolver: TxtResolver, record: DnsRecord): Promise<string[]> {
  if (record.type === 'MX') return (await resolver.resolveMx(record.name)).map((mx) => mx.exchange.toLowerCase().replace(/\.$/, ''));
  return (await resolver.resolveTxt(record.name)).map((chunks) => chunks.join(''));
}

export const mxRecord = (domain: string, mxHost: string): DnsRecord => ({
  purpose: 'mx',
  type: 'MX',
  name: domain,
  value: mxHost,
  priority: 10,
  status: 'unchecked',
});

export const returnPathRecords = (returnPathDomain: string, mxHost: string, spf: string): DnsRecord[] => [
  { purpose: 'returnPath', type: 'MX', name: returnPathDomain, value: mxHost, priority: 10, status: 'unchecked' },
  { purpose: 'returnPath', type: 'TXT', name: returnPathDomain, value: spf, status: 'unchecked' },
];

export const trackingRecord = (trackingDomain: string, cnameTarget: string): DnsRecord => ({
  purpose: 'tracking',
  type: 'CNAME',
  name: trackingDomain,
  value: cnameTarget,
  status: 'unchecked',
});

const hostName = (name: string) => name.toLowerCase().replace(/\.$/, '');

function judgeCname(record: DnsRecord, targets: string[]): RecordStatus {
  if (targets.length === 0) return 'missing';
  return targets.some((t) => hostName(t) === hostName(record.value)) ? 'found' : 'mismatch';
}

async function checkRecord(resolver: TxtResolver, record: DnsRecord): Promise<DnsRecord> {
  if (record.type === 'CNAME') return { ...record, status: judgeCname(record, await resolver.resolveCname(record.name)) };
  let found: string[] = [];
  try {
    found = await lookUp(resolver, record);
  } catch (err) {
    if (!(err instanceof TxtNotFoundError)) throw err;
  }
  return { ...record, status: judge(record, found) };
}

/**
 * Looks every record up through the real resolver; a name that does not resolve is `missing`. A lookup that gets no
 * answer says nothing of the record, so the check as a whole is refused (`dns_unavailable`) rather than judged on it.
 */
export async function checkRecords(resolver: TxtResolver, records: DnsRecord[]): Promise<DnsRecord[]> {
  try {
    return await Promise.all(records.map((record) => checkRecord(resolver, record)));
  } catch (err) {
    if (!(err instanceof DnsUnavailableError)) throw err;
    const detail = `The DNS lookup of ${err.hostname} got no answer (${err.code}); nothing changed. Verify again shortly.`;
    throw new AppError('dns_unavailable', detail, { headers: { 'Retry-After': '5' } });
  }
}
