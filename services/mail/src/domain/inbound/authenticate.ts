import type { AuthenticateResult } from 'mailauth';
import type { EmailReceived } from '@mailplane/contracts';
import { withBoundedSignatures, type SignatureLimits } from '../../inbound-analysis/bounded-signatures';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- on first use, not at start (docs/decisions/toolchain.md)
const mailauth = (): typeof import('mailauth') => require('mailauth');

type Authentication = EmailReceived['authentication'];
type Result = Authentication['spf']['result'];

const RESULTS = new Set(['pass', 'fail', 'softfail', 'neutral', 'none', 'temperror', 'permerror', 'policy']);
const resultOf = (value: unknown): Result => (typeof value === 'string' && RESULTS.has(value) ? (value as Result) : 'none');

export interface SenderFacts {
  clientAddress: string;
  helo: string | null;
  mailFrom: string;
}

export interface Verifier {
  lookup(name: string, rrtype: string): Promise<unknown>;
  mxHost: string;
  signatures: SignatureLimits;
}

/** Only the first `verifier.signatures` are verified: each one costs a hash of the body. */
export async function authenticateInbound(verifier: Verifier, raw: Buffer, sender: SenderFacts): Promise<Authentication> {
  const result = await mailauth().authenticate(withBoundedSignatures(raw, verifier.signatures), {
    ip: sender.clientAddress,
    helo: sender.helo ?? undefined,
    sender: sender.mailFrom,
    mta: verifier.mxHost,
    resolver: verifier.lookup as (name: string, rrtype: string) => Promise<string[][]>,
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

/** The verdict of a message whose checks ran past their time: nothing verified, so nothing authenticated. */
export function unverified(): Authentication {
  return {
    spf: { result: 'temperror', domain: null },
    dkim: [],
    dmarc: { result: 'temperror', policy: null, domain: null },
    authenticated: false,
  };
}
