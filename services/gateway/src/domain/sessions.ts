import { AppError, type CreatedSession, type CreateSessionRequest, type Member } from '@mailplane/contracts';
import { newId } from '@mailplane/runtime';
import type { MemberRecord } from '../data-access/members-repo';
import { auditRecord, moveAudit } from './audit';
import type { AuthDeps, GatewayDeps } from './deps';
import type { MemberPrincipal } from './grants';
import { DUMMY_HASH, issueToken, parseToken, secretMatches, SESSION_TOKEN } from './key-token';
import { memberActor, type ClientSeen } from './member-links';
import { memberSigningIn, membersOfAddress, memberView } from './members';
import { checkSecondFactor } from './second-factor';

/** How long a session lasts from its sign-in: a working day, then the member signs in again. */
export const SESSION_TTL_MS = 12 * 3600_000;

export async function sessionHolder(deps: AuthDeps, token: string): Promise<MemberPrincipal> {
  const parsed = parseToken(token, SESSION_TOKEN);
  const session = parsed ? await deps.sessions.findForAuthentication(parsed.keyId) : null;
  const valid = secretMatches(parsed?.secret ?? '', session?.secretHash ?? DUMMY_HASH);
  const live = session && valid && !session.endedAt && session.expiresAt > deps.clock.now();
  // Read on every request: a member removed (or whose role changed) is seen on the next request, by any replica.
  const member = live ? await deps.members.findLive({ tenantId: session.tenantId, memberId: session.memberId }) : null;
  if (!session || !member) throw new AppError('unauthorized', 'The session token is malformed, unknown, expired or ended.');
  return {
    type: 'member',
    tenantId: member.tenantId,
    id: member._id,
    name: member.name,
    email: member.email,
    role: member.role,
    sessionId: session._id,
  };
}

/** POST /sessions: an unknown address and a wrong password are one answer, in about the same time. */
export async function signIn(deps: GatewayDeps, input: CreateSessionRequest, seen: ClientSeen): Promise<CreatedSession> {
  const client = seen.ip ?? undefined;
  await deps.signInFailures.check(client, input.email);
  const member = await memberSigningIn(deps, input.email, input.password);
  if (!member) {
    await deps.signInFailures.failed(client, input.email);
    // Only an account that exists has a tenant to record it in: strangers' random emails leave nothing.
    for (const account of await membersOfAddress(deps, input.email)) await refusedSignIn(deps, account, seen, 'wrong_password');
    throw new AppError('unauthorized', 'The email address or the password is wrong.');
  }
  await checkSecondFactor(deps, member, input, async () => {
    await deps.signInFailures.failed(client, input.email);
    await refusedSignIn(deps, member, seen, 'wrong_second_factor');
  });
  await deps.signInFailures.succeeded(client, input.email);
  return openSession(deps, member.tenantId, memberView(member), 'password', signedIn(member, seen, 'password'));
}

export const refusedSignIn = (deps: GatewayDeps, member: MemberRecord, client: ClientSeen, refused: string) =>
  deps.refusedAttempts.record(
    deps,
    member.tenantId,
    { actor: memberActor(client, { id: member._id, name: member.name }), requestId: client.requestId },
    { operationId: 'createSession', target: { type: 'member', id: member._id }, changes: { method: 'password', refused } },
  );

export const signedIn = (member: MemberRecord, client: ClientSeen, method: 'password' | 'link') => ({
  client,
  operationId: method === 'password' ? 'createSession' : 'confirmSignInLink',
  changes: { method, secondFactor: Boolean(member.totpSecret) },
});

/** `how` is for the process log; with `recorded`, the session carries the sign-in's audit record into the log. */
export async function openSession(
  deps: GatewayDeps,
  tenantId: string,
  member: Member,
  how: string,
  recorded?: ReturnType<typeof signedIn>,
): Promise<CreatedSession> {
  const now = deps.clock.now();
  const issued = issueToken(newId('ses', now.getTime()), SESSION_TOKEN);
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const context = recorded && { actor: memberActor(recorded.client, member), requestId: recorded.client.requestId };
  const target = { type: 'member', id: member.id };
  const record =
    context && auditRecord(deps, tenantId, context, { operationId: recorded.operationId, target, changes: recorded.changes }, now);
  const session = { _id: issued.keyId, tenantId, memberId: member.id, secretHash: issued.secretHash, createdAt: now, expiresAt };
  const inserted = await deps.sessions.insert(session, record ? [record] : []);
  if (record) await moveAudit(deps, deps.sessions.audit, inserted);
  deps.logger.info('member signed in', { tenantId, memberId: member.id, how });
  return { token: issued.token, expiresAt: expiresAt.toISOString(), member };
}

export async function signOut(deps: GatewayDeps, caller: { tenantId: string; sessionId: string | null }): Promise<void> {
  if (!caller.sessionId) throw new AppError('not_found', 'This request was made with an API key, which has no session.');
  await deps.sessions.end({ tenantId: caller.tenantId, sessionId: caller.sessionId }, deps.clock.now());
}
