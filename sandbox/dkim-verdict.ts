import { dkimVerify, type DNSResolver } from 'mailauth';
import type { DkimVerdict } from './smtp-sink-store';

/** The sink's `verifyDkim`: mailauth's verdict on the first DKIM-Signature, keys looked up through `resolver`. */
export function mailauthDkimVerifier(resolver: DNSResolver): (raw: Buffer) => Promise<DkimVerdict> {
  return async (raw) => {
    const [first] = (await dkimVerify(raw, { resolver })).results;
    if (!first) return { result: 'none', domain: null, selector: null };
    return { result: first.status.result, domain: first.signingDomain ?? null, selector: first.selector ?? null };
  };
}
