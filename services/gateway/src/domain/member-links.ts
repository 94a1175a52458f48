import { AppError, type RequestActor } from '@mailplane/contracts';
import { newId } from '@mailplane/runtime';
import type { MemberLinkKind, MemberLinkRecord } from '../data-access/member-links-repo';
import type { MemberRecord } from '../data-access/members-repo';
import type { GatewayDeps } from './deps';
import { membersOfAddress } from './members';
import { DUMMY_HASH, issueToken, parseToken, RESET_TOKEN, secretMatches, SIGN_IN_LINK_TOKEN, type TokenKind } from './key-token';
import { sendSystemMail, systemMailConfigured, systemMailNotConfigured } from './system-mail';

export interface ClientSeen {
  ip: string | null;
  userAgent: string | null;
  requestId: string;
}

export const memberActor = (client: ClientSeen, member: { id: string; name: string }): RequestActor => ({
  type: 'member',
  id: member.id,
  name: member.name,
  ip: client.ip,
  userAgent: client.userAgent,
});

export const dashboardLink = (deps: Pick<GatewayDeps, 'config'>, page: string, token: string) =>
  `${deps.config.dashboardUrl ?? ''}${page}?token=${token}`;

/** Unknown, used, revoked or expired: one answer, so that a token's fate tells nothing. */
export const linkInvalid = () => new AppError('link_invalid', 'This link is unknown, used, revoked or expired; ask for a new one.');

/** The record a presented token names, when its secret matches (compared in the same time when there is none). */
export async function presented<T extends { secretHash: string }>(
  token: string,
  kind: TokenKind,
  find: (id: string) => Promise<T | null>,
): Promise<T | null> {
  const parsed = parseToken(token, kind);
  const record = parsed ? await find(parsed.keyId) : null;
  return secretMatches(parsed?.secret ?? '', record?.secretHash ?? DUMMY_HASH) && record ? record : null;
}

const LINKS = {
  reset: { token: RESET_TOKEN, ttlMs: 3600_000, page: '/reset-password' },
  'sign-in': { token: SIGN_IN_LINK_TOKEN, ttlMs: 15 * 60_000, page: '/sign-in/link' },
} as const;

export type LinkMail = (url: string) => { subject: string; text: string };

/** The same answer in the same time whether the address is a member's: the link is made and mailed after it. */
export async function requestLink(deps: GatewayDeps, kind: MemberLinkKind, email: string, client: ClientSeen, mail: LinkMail) {
  await deps.linkRequests.check(client.ip ?? undefined, email);
  await deps.linkRequests.failed(client.ip ?? undefined, email);
  if (!systemMailConfigured(deps)) throw systemMailNotConfigured();
  for (const member of await membersOfAddress(deps, email)) {
    mailLink(deps, kind, member, client.requestId, mail).catch((err: unknown) =>
      deps.logger.warn('member link not mailed', { err, tenantId: member.tenantId, memberId: member._id, kind }),
    );
  }
}

async function mailLink(deps: GatewayDeps, kind: MemberLinkKind, member: MemberRecord, requestId: string, mail: LinkMail) {
  const now = deps.clock.now();
  const { token, ttlMs, page } = LINKS[kind];
  // Over the address's budget the request is still answered 202 (it tells nothing) and nothing is made or mailed.
  await deps.systemMailBudget.take(kind, member.email);
  const issued = issueToken(newId(token.id, now.getTime()), token);
  const link: MemberLinkRecord = {
    _id: issued.keyId,
    kind,
    tenantId: member.tenantId,
    memberId: member._id,
    secretHash: issued.secretHash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
    usedAt: null,
  };
  await deps.memberLinks.insert(link);
  await sendSystemMail(deps, { to: member.email, ...mail(dashboardLink(deps, page, issued.token)) }, requestId, member.tenantId);
  deps.logger.info('member link mailed', { tenantId: member.tenantId, memberId: member._id, kind, linkId: link._id });
}

/** `check` runs before the link is spent: a sign-in link still asking for the second factor stays good for the retry. */
export async function redeemLink(
  deps: GatewayDeps,
  kind: MemberLinkKind,
  token: string,
  check: (member: MemberRecord) => Promise<void> = async () => undefined,
): Promise<MemberRecord> {
  const now = deps.clock.now();
  const link = await presented(token, LINKS[kind].token, deps.memberLinks.findForRedemption);
  const usable = link && link.kind === kind && !link.usedAt && link.expiresAt > now;
  const member = usable ? await deps.members.findLive({ tenantId: link.tenantId, memberId: link.memberId }) : null;
  if (!link || !member) throw linkInvalid();
  await check(member);
  if (!(await deps.memberLinks.use(link, now))) throw linkInvalid();
  return member;
}
