import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import { sameSecret } from '@mailplane/secrets';

// The dashboard-to-gateway hop (docs/decisions/real-client-limits.md): the browser's address, proven by an HMAC under
// DASHBOARD_HOP_SECRET, which only the two hold; anyone else's claim is ignored.
export const CLIENT_ADDRESS_HEADER = 'mailplane-client-address';
export const CLIENT_PROOF_HEADER = 'mailplane-client-proof';

const proofOf = (secret: string, address: string) => createHmac('sha256', secret).update(`client-hop:${address}`).digest('base64url');

export function clientHopHeaders(secret: string, address: string): Record<string, string> {
  return { [CLIENT_ADDRESS_HEADER]: address, [CLIENT_PROOF_HEADER]: proofOf(secret, address) };
}

/** The client address a request's hop headers name, when proven under `secret`; undefined otherwise. */
export function provenClientAddress(
  headers: Record<string, string | string[] | undefined>,
  secret: string | undefined,
): string | undefined {
  const address = headers[CLIENT_ADDRESS_HEADER];
  const proof = headers[CLIENT_PROOF_HEADER];
  if (!secret || typeof address !== 'string' || typeof proof !== 'string' || isIP(address) === 0) return undefined;
  return sameSecret(proof, proofOf(secret, address)) ? address : undefined;
}
