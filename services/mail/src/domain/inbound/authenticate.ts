import { authenticate, type AuthenticateResult } from 'mailauth';
import type { EmailReceived } from '@mailplane/contracts';
import type { MailDeps } from '../deps';

type Authentication = EmailReceived['authentication'];
type Result = Authentication['spf']['result'];

const RESULTS = new Set(['pass', 'fail', 'softfail', 'neutral', 'none', 'temperror', 'permerror', 'policy']);
const resultOf = (value: unknown): Result => (typeof value === 'string' && RESULTS.has(value) ? (value as Result) : 'none');

/** What the sending server said in the transaction that mailauth needs. */
export interface SenderFacts {
  clientAddress: string;
  helo: string | null;
  mailFrom: string;
}

/**
 * SPF, DKIM and DMARC of a received message, computed by mailauth through the platform's resolver (DNS_SERVERS: the
 * sandbox DNS in the embedded default), so the results are those the real lookups give. ARC and BIMI are not asked.
 */
export async function authenticateInbound(deps: MailDeps, raw: Buffer, sender: SenderFacts): Promise<Authentication> {
  const result = await authenticate(raw, {
    ip: sender.clientAddress,
    helo: sender.helo ?? undefined,
    sender: sender.mailFrom,
    mta: deps.config.inbound?.mxHost,
    resolver: deps.resolver.lookup as (name: string, rrtype: string) => Promise<string[][]>,
    disableArc: true,
    disableBimi: true,
  });
  return summarize(result);
}

export function summarize(result: AuthenticateResult): Authentication {
  const spf = result.spf
    ? { result: resultOf(result.spf.status.result), domain: result.spf.domain ?? null }
    : { result: 'none' as const, domain: null };
  const dkim = result.dkim.results.map((r) => ({
    result: resultOf(r.status.result),
    domain: r.signingDomain ?? null,
    selector: r.selector ?? null,
    aligned: !!r.status.aligned,
  }));
  const dmarc = result.dmarc
    ? { result: resultOf(result.dmarc.status.result), policy: result.dmarc.policy ?? null, domain: result.dmarc.domain ?? null }
    : { result: 'none' as const, policy: null, domain: null };
  const alignment = result.dmarc ? result.dmarc.alignment : undefined;
  // Without a DMARC policy the From domain still counts as authenticated by an aligned pass of SPF or DKIM.
  const alignedPass = (spf.result === 'pass' && !!alignment?.spf.result) || dkim.some((d) => d.result === 'pass' && d.aligned);
  return { spf, dkim, dmarc, authenticated: dmarc.result === 'pass' || (dmarc.result === 'none' && alignedPass) };
}
