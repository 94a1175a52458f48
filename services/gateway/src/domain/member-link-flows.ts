import type { ConfirmPasswordResetRequest, ConfirmSignInLinkRequest, CreatedSession } from '@mailplane/contracts';
import type { MemberRecord } from '../data-access/members-repo';
import { auditRecord, moveAudit } from './audit';
import type { GatewayDeps } from './deps';
import { memberActor, redeemLink, requestLink, type ClientSeen } from './member-links';
import { memberView } from './members';
import { hashPassword } from './password';
import { checkSecondFactor } from './second-factor';
import { openSession, signedIn } from './sessions';

// Addressed to nobody by name: a member's name is text a member chose, and the platform's sender signs this mail.
const resetMail = (url: string) => ({
  subject: 'Reset your Mailplane password',
  text: [
    'Hello,',
    '',
    'Someone (we hope you) asked to reset the password of your Mailplane account. Choose a new one here (the link',
    'works once, for one hour):',
    url,
    '',
    'If you did not ask, ignore this mail: your password stays as it is.',
  ].join('\n'),
});

const signInMail = (url: string) => ({
  subject: 'Your Mailplane sign-in link',
  text: [
    'Hello,',
    '',
    'Sign in to Mailplane with this link (it works once, for 15 minutes):',
    url,
    '',
    'If you did not ask for it, ignore this mail.',
  ].join('\n'),
});

export const requestPasswordReset = (deps: GatewayDeps, email: string, client: ClientSeen) =>
  requestLink(deps, 'reset', email, client, resetMail);

export const requestSignInLink = (deps: GatewayDeps, email: string, client: ClientSeen) =>
  requestLink(deps, 'sign-in', email, client, signInMail);

export async function confirmPasswordReset(deps: GatewayDeps, input: ConfirmPasswordResetRequest, client: ClientSeen): Promise<void> {
  const member = await redeemLink(deps, 'reset', input.token);
  const key = { tenantId: member.tenantId, memberId: member._id };
  const now = deps.clock.now();
  const audit = { actor: memberActor(client, memberView(member)), requestId: client.requestId };
  const target = { type: 'member', id: member._id };
  const record = auditRecord(
    deps,
    member.tenantId,
    audit,
    { operationId: 'confirmPasswordReset', target, changes: { password: 'reset' } },
    now,
  );
  const changed = await deps.members.setPassword(key, await hashPassword(input.password), now, record);
  if (changed) await moveAudit(deps, deps.members.audit, changed);
  await deps.sessions.endAllOf(key, now);
  deps.logger.info('member password reset', key);
}

export async function confirmSignInLink(deps: GatewayDeps, input: ConfirmSignInLinkRequest, client: ClientSeen): Promise<CreatedSession> {
  const ip = client.ip ?? undefined;
  // Wrong second factors are counted as wrong passwords are: per client address and per account.
  const secondFactor = async (m: MemberRecord) => {
    if (m.totpSecret) await deps.signInFailures.check(ip, m.email);
    await checkSecondFactor(deps, m, input, () => deps.signInFailures.failed(ip, m.email));
  };
  const member = await redeemLink(deps, 'sign-in', input.token, secondFactor);
  return openSession(deps, member.tenantId, memberView(member), 'link', signedIn(member, client, 'link'));
}
