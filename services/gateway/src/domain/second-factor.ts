import { AppError, type RecoveryCodes, type SecondFactor, type TotpEnrollment } from '@mailplane/contracts';
import type { AuditContext } from '@mailplane/runtime';
import type { KeyBox } from '@mailplane/secrets';
import type { MemberRecord, SecondFactorFields, TenantMember } from '../data-access/members-repo';
import { auditRecord, moveAudit } from './audit';
import type { GatewayDeps } from './deps';
import { acceptedTotpStep, newRecoveryCodes, newRecoveryCodeSalt, newTotpSecret, otpauthUri, recoveryCodeHash } from './totp';

const ISSUER = 'Mailplane';

function boxOf(deps: Pick<GatewayDeps, 'totpBox'>): KeyBox {
  if (!deps.totpBox)
    throw new AppError('totp_not_configured', 'The operator has not set TOTP_SECRET_KEY: no second factor can be enrolled.');
  return deps.totpBox;
}

async function memberOf(deps: GatewayDeps, caller: { tenantId: string; actor: { type: string; id: string } }): Promise<MemberRecord> {
  const member =
    caller.actor.type === 'member' ? await deps.members.findLive({ tenantId: caller.tenantId, memberId: caller.actor.id }) : null;
  if (!member) throw new AppError('not_found', 'Only a member signed in has a second factor; this request was made with an API key.');
  return member;
}

const keyOf = (member: MemberRecord): TenantMember => ({ tenantId: member.tenantId, memberId: member._id });

/** How recent a sign-in must be to enroll a second factor: a session found open on a desk does not bind a stranger's phone. */
export const FRESH_SIGN_IN_MS = 10 * 60_000;

async function checkFreshSignIn(deps: GatewayDeps, sessionId: string | null): Promise<void> {
  const session = sessionId ? await deps.sessions.findForAuthentication(sessionId) : null;
  if (session && deps.clock.now().getTime() - session.createdAt.getTime() <= FRESH_SIGN_IN_MS) return;
  throw new AppError('reauthentication_required', 'Sign in again (within the last 10 minutes) to set up a second factor.');
}

export async function startTotpEnrollment(
  deps: GatewayDeps,
  audit: AuditContext & { tenantId: string; sessionId: string | null },
): Promise<TotpEnrollment> {
  const box = boxOf(deps);
  const member = await memberOf(deps, audit);
  await checkFreshSignIn(deps, audit.sessionId);
  if (member.totpSecret) throw new AppError('already_exists', 'A second factor is on already; remove it first to enroll another.');
  const secret = newTotpSecret();
  const started = await deps.members.setSecondFactor(
    keyOf(member),
    member.totpSeq ?? 0,
    { totpPending: box.seal(secret, member._id) },
    deps.clock.now(),
  );
  if (!started) throw new AppError('already_exists', 'The second factor changed meanwhile; start again.');
  return { secret, otpauthUri: otpauthUri(ISSUER, member.email, secret) };
}

export async function confirmTotpEnrollment(
  deps: GatewayDeps,
  audit: AuditContext & { tenantId: string },
  code: string,
): Promise<RecoveryCodes> {
  const box = boxOf(deps);
  const member = await memberOf(deps, audit);
  if (!member.totpPending) throw new AppError('not_found', 'No second factor is being enrolled: POST /me/totp first.');
  await deps.secondFactorFailures.check(member._id);
  const now = deps.clock.now();
  const step = acceptedTotpStep(box.open(member.totpPending, member._id), code, now);
  if (step === null) {
    await deps.secondFactorFailures.failed(member._id);
    throw new AppError('totp_invalid', "The code is not the authenticator's current one; check its clock and try the next.");
  }
  const recoveryCodes = newRecoveryCodes();
  const salt = newRecoveryCodeSalt();
  const fields = {
    totpSecret: member.totpPending,
    totpPending: null,
    totpLastStep: step,
    recoveryCodeSalt: salt,
    recoveryCodeHashes: recoveryCodes.map((c) => recoveryCodeHash(c, salt)),
  };
  await auditedChange(deps, audit, member, fields, 'enabled');
  return { recoveryCodes };
}

/** False when wrong, or when a racing request spent it first. */
export async function spendSecondFactor(
  deps: Pick<GatewayDeps, 'members' | 'totpBox' | 'clock'>,
  member: MemberRecord,
  given: SecondFactor,
): Promise<boolean> {
  if (!member.totpSecret) return false;
  const seq = member.totpSeq ?? 0;
  const now = deps.clock.now();
  if (given.totpCode) {
    // Without the key the codes cannot be checked; recovery codes (hashes) still can.
    if (!deps.totpBox) return false;
    const step = acceptedTotpStep(deps.totpBox.open(member.totpSecret, member._id), given.totpCode, now, member.totpLastStep ?? -1);
    return step !== null && (await deps.members.setSecondFactor(keyOf(member), seq, { totpLastStep: step }, now)) !== null;
  }
  const hash = recoveryCodeHash(given.recoveryCode ?? '', member.recoveryCodeSalt ?? null);
  const left = (member.recoveryCodeHashes ?? []).filter((h) => h !== hash);
  if (left.length === (member.recoveryCodeHashes ?? []).length) return false;
  return (await deps.members.setSecondFactor(keyOf(member), seq, { recoveryCodeHashes: left }, now)) !== null;
}

export async function checkSecondFactor(
  deps: GatewayDeps,
  member: MemberRecord,
  given: SecondFactor,
  failed: () => Promise<void>,
): Promise<void> {
  if (!member.totpSecret) return;
  if (!given.totpCode && !given.recoveryCode) {
    throw new AppError('totp_required', 'This member signs in with a second factor: send totpCode (or recoveryCode) too.');
  }
  if (await spendSecondFactor(deps, member, given)) return;
  await failed();
  throw new AppError('unauthorized', 'The authenticator code or recovery code is wrong or was used already.');
}

export async function disableTotp(deps: GatewayDeps, audit: AuditContext & { tenantId: string }, given: SecondFactor): Promise<void> {
  const member = await memberOf(deps, audit);
  if (!member.totpSecret) throw new AppError('not_found', 'This member has no second factor.');
  await deps.secondFactorFailures.check(member._id);
  if (!(await spendSecondFactor(deps, member, given))) {
    await deps.secondFactorFailures.failed(member._id);
    throw new AppError('totp_invalid', 'The code or recovery code is wrong or was used already.');
  }
  await deps.secondFactorFailures.succeeded(member._id);
  const current = await deps.members.findLive(keyOf(member));
  await auditedChange(
    deps,
    audit,
    current ?? member,
    { totpSecret: null, totpPending: null, recoveryCodeHashes: [], recoveryCodeSalt: null },
    'disabled',
  );
}

async function auditedChange(
  deps: GatewayDeps,
  audit: AuditContext,
  member: MemberRecord,
  fields: Partial<SecondFactorFields>,
  totp: 'enabled' | 'disabled',
): Promise<void> {
  const now = deps.clock.now();
  const change = {
    operationId: totp === 'enabled' ? 'confirmTotpEnrollment' : 'disableTotp',
    target: { type: 'member', id: member._id },
    changes: { totp },
  };
  const record = auditRecord(deps, member.tenantId, audit, change, now);
  const changed = await deps.members.setSecondFactor(keyOf(member), member.totpSeq ?? 0, fields, now, record);
  if (!changed) throw new AppError('totp_invalid', 'The second factor changed meanwhile; try again.');
  await moveAudit(deps, deps.members.audit, changed);
  deps.logger.info(`second factor ${totp}`, { ...keyOf(member) });
}
