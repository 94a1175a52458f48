import { AppError, type RpcReply } from '@mailplane/contracts';
import type { MailDeps } from '../../domain/deps';
import type { Hit } from '../domain/hit-batches';
import { verifyToken, type TrackingClaim } from '../tokens';

// A transparent 1×1 GIF (43 bytes).
const PIXEL = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
// Every fetch must reach us, or it is not counted; the destination need not learn where the click came from.
const NOT_CACHED = { 'Cache-Control': 'no-store, private' };

const invalid = () => new AppError('tracking_link_invalid', 'This link was not made by this platform for this address, or it was changed.');
const expired = () =>
  new AppError('tracking_link_expired', 'This link has expired; the page it led to may still be reached from the sender.');

/** A first-version token is honoured on its message's tracking host until its links would have ended (docs/decisions/tracking.md). */
async function legacyClaim(deps: MailDeps, claim: TrackingClaim, host: string): Promise<TrackingClaim> {
  const message = await deps.messages.byId(claim.tenantId, claim.messageId);
  if (!message?.tracking || new URL(message.tracking.baseUrl).hostname !== host) throw invalid();
  if (message.createdAt.getTime() + deps.config.tracking.linkTtlMs <= deps.clock.now().getTime()) throw expired();
  return claim;
}

async function claimOf(deps: MailDeps, kind: Hit['kind'], token: string, host: string | undefined): Promise<TrackingClaim> {
  const at = (host ?? '').toLowerCase();
  const verified = verifyToken(deps.config.tracking.secret, kind, token, at, deps.clock.now());
  if (!verified) throw invalid();
  if (verified.state === 'expired') throw expired();
  return verified.state === 'legacy' ? legacyClaim(deps, verified.claim, at) : verified.claim;
}

/** The hit is recorded with others after the answer: the recipient never waits for the store, and a failure only costs the count. */
const recordAfterReply = (deps: MailDeps, claim: TrackingClaim, hit: Hit) => deps.engagementHits.add(claim, hit);

const hitOf = (deps: MailDeps, kind: Hit['kind'], userAgent: string | undefined): Hit => ({
  kind,
  userAgent: userAgent ?? null,
  at: deps.clock.now(),
});

export interface TrackingRequest {
  token: string;
  host: string | undefined;
  userAgent: string | undefined;
}

export async function followReply(deps: MailDeps, r: TrackingRequest): Promise<RpcReply<null>> {
  const claim = await claimOf(deps, 'click', r.token, r.host);
  recordAfterReply(deps, claim, hitOf(deps, 'click', r.userAgent));
  return { status: 302, headers: { Location: claim.url as string, ...NOT_CACHED, 'Referrer-Policy': 'no-referrer' }, body: null };
}

export async function openReply(deps: MailDeps, r: TrackingRequest): Promise<RpcReply<string>> {
  const claim = await claimOf(deps, 'open', r.token, r.host);
  recordAfterReply(deps, claim, hitOf(deps, 'open', r.userAgent));
  return { status: 200, contentType: 'image/gif', bodyEncoding: 'base64', body: PIXEL, headers: NOT_CACHED };
}
