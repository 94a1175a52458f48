export type MachineReason = 'apple_mail_privacy' | 'prefetcher' | 'scanner' | 'too_soon';

// Link checkers, security gateways and generic HTTP clients, by what they put in User-Agent.
const SCANNERS =
  /bot\b|crawler|spider|scanner|curl\/|wget|python-requests|go-http-client|okhttp|headlesschrome|barracuda|mimecast|proofpoint|safelinks|symantec|forcepoint|urldefense|bitdefender/i;
// Image fetchers that load every image on delivery, whether anyone reads the message or not.
const PREFETCHERS = /prefetch|googlebot-image|yandeximageresizer|facebookexternalhit/i;
export const MAX_USER_AGENT = 512;

/** docs/decisions/tracking.md: Apple Mail Privacy Protection fetches as a bare `Mozilla/5.0`; Gmail's and Yahoo's proxies count as people. */
export function machineReason(hit: {
  kind: 'open' | 'click';
  userAgent: string | null;
  sentAt: Date | null;
  at: Date;
  windowMs: number;
}): MachineReason | null {
  const ua = (hit.userAgent ?? '').slice(0, MAX_USER_AGENT).trim();
  if (hit.kind === 'open' && ua === 'Mozilla/5.0') return 'apple_mail_privacy';
  if (ua === '' || SCANNERS.test(ua)) return 'scanner';
  if (PREFETCHERS.test(ua)) return 'prefetcher';
  if (hit.sentAt && hit.at.getTime() - hit.sentAt.getTime() < hit.windowMs) return 'too_soon';
  return null;
}
