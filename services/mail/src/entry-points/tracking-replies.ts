import { AppError, type RpcReply } from '@mailplane/contracts';
import type { MailDeps } from '../domain/deps';
import type { Hit } from '../domain/tracking/hit-batches';
import { verifyToken, type TrackingClaim } from '../tracking/tokens';

// A transparent 1×1 GIF (43 bytes).
const PIXEL = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
// Every fetch must reach us, or it is not counted; the destination need not learn where the click came from.
const NOT_CACHED = { 'Cache-Control': 'no-store, private' };

function claimOf(deps: MailDeps, kind: Hit['kind'], token: string): TrackingClaim {
  const claim = verifyToken(deps.config.tracking.secret, kind, token);
  if (!claim) throw new AppError('tracking_link_invalid', 'This link was not made by this platform, or it was changed.');
  return claim;
}

/** The hit is recorded with others after the answer: the recipient never waits for the store, and a failure only costs the count. */
const recordAfterReply = (deps: MailDeps, claim: TrackingClaim, hit: Hit) => deps.engagementHits.add(claim, hit);

const hitOf = (deps: MailDeps, kind: Hit['kind'], userAgent: string | undefined): Hit => ({
  kind,
  userAgent: userAgent ?? null,
  at: deps.clock.now(),
});

/** GET /track/click/{token}: 302 to the URL the token was signed for, and nowhere else. */
export function followReply(deps: MailDeps, token: string, userAgent: string | undefined): RpcReply<null> {
  const claim = claimOf(deps, 'click', token);
  recordAfterReply(deps, claim, hitOf(deps, 'click', userAgent));
  return { status: 302, headers: { Location: claim.url as string, ...NOT_CACHED, 'Referrer-Policy': 'no-referrer' }, body: null };
}

/** GET /track/open/{token}: the image, then the open. */
export function openReply(deps: MailDeps, token: string, userAgent: string | undefined): RpcReply<string> {
  const claim = claimOf(deps, 'open', token);
  recordAfterReply(deps, claim, hitOf(deps, 'open', userAgent));
  return { status: 200, contentType: 'image/gif', bodyEncoding: 'base64', body: PIXEL, headers: NOT_CACHED };
}
