import type { DNSResolver } from 'mailauth';
import type { DkimVerdict } from './smtp-sink-store';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- on first use, not at start (docs/decisions/toolchain.md)
const mailauth = (): typeof import('mailauth') => require('mailauth');

/** The sink's `verifyDkim`: mailauth's verdict on the first DKIM-Signature, keys looked up through `resolver`. */
export function mailauthDkimVerifier(resolver: DNSResolver): (raw: Buffer) => Promise<DkimVerdict> {
  return async (raw) => {
    const [first] = (await mailauth().dkimVerify(raw, { resolver })).results;
    if (!first) return { result: 'none', domain: null, selector: null };
    return { result: first.status.result, domain: first.signingDomain ?? null, selector: first.selector ?? null };
  };
}
