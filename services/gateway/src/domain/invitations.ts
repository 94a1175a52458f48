import { AppError, type CreatedInvitation, type CreateInvitationRequest, type Invitation } from '@mailplane/contracts';
import { newId, type AuditContext } from '@mailplane/runtime';
import { carrying } from '@mailplane/store';
import type { TenantScope } from '../data-access/api-keys-repo';
import type { InvitationRecord, TenantInvitation } from '../data-access/invitations-repo';
import { auditRecord, moveAudit } from './audit';
import type { GatewayDeps } from './deps';
import { INVITATION_TOKEN, issueToken } from './key-token';
import { dashboardLink } from './member-links';
import { actingRole, checkRoleWithin } from './members';
import { sendSystemMail, systemMailConfigured } from './system-mail';

/** An invitation's link works this long: a long weekend, as peers give. */
export const INVITATION_TTL_MS = 72 * 3600_000;

const invitationView = (record: InvitationRecord): Invitation => ({
  id: record._id,
  email: record.email,
  role: record.role,
  createdAt: record.createdAt.toISOString(),
  expiresAt: record.expiresAt.toISOString(),
});

export async function listInvitations(deps: GatewayDeps, scope: TenantScope): Promise<Invitation[]> {
  return (await deps.invitations.listPending(scope, deps.clock.now())).map(invitationView);
}

const ownersOnly = () => new AppError('forbidden', 'Only an owner can invite an owner, or revoke an invitation to be one.');

/** Names the team by its id and nobody by name: whatever a tenant or a member calls themselves stays out of the platform's mail. */
function invitationMail(to: string, input: { tenantId: string; role: string; url: string }) {
  return {
    to,
    subject: 'You are invited to a team on Mailplane',
    text: [
      `A member of the Mailplane team ${input.tenantId} invited you to join it as ${input.role === 'admin' ? 'an' : 'a'} ${input.role}.`,
      '',
      'Choose your name and password here (the link works once, for 72 hours):',
      input.url,
      '',
      'If you did not expect this invitation, ignore this mail: nothing happens without the link.',
    ].join('\n'),
  };
}

/**
 * The mail is accepted before the invitation is stored: a refused mail leaves nothing, and a store failing after it
 * leaves a link that answers `link_invalid` (the inviter saw the error and invites again).
 */
export async function createInvitation(
  deps: GatewayDeps,
  scope: TenantScope,
  input: CreateInvitationRequest,
  audit: AuditContext,
): Promise<CreatedInvitation> {
  checkRoleWithin(input.role, await actingRole(deps, scope, audit));
  if (await deps.members.byTenantEmail(scope, input.email)) throw new AppError('already_exists', `${input.email} is a member already.`);
  if (!(await deps.tenants.byId(scope.tenantId))) throw new AppError('unauthorized');
  await deps.systemMailBudget.take('invitation', input.email, scope.tenantId);
  const now = deps.clock.now();
  const issued = issueToken(newId(INVITATION_TOKEN.id, now.getTime()), INVITATION_TOKEN);
  const url = dashboardLink(deps, '/accept-invitation', issued.token);
  const emailed = systemMailConfigured(deps);
  if (emailed) {
    const mail = invitationMail(input.email, { tenantId: scope.tenantId, role: input.role, url });
    await sendSystemMail(deps, mail, audit.requestId, scope.tenantId);
  }
  const target = { type: 'invitation', id: issued.keyId };
  const changes = { email: input.email, role: input.role, emailed };
  const record: InvitationRecord = {
    _id: issued.keyId,
    tenantId: scope.tenantId,
    email: input.email,
    role: input.role,
    secretHash: issued.secretHash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    acceptedAt: null,
    revokedAt: null,
    changedAt: now,
    changeSeq: 1,
    ...carrying([auditRecord(deps, scope.tenantId, audit, { operationId: 'createInvitation', target, changes }, now)]),
  };
  await deps.invitations.insert(record);
  await moveAudit(deps, deps.invitations.audit, record);
  deps.logger.info('invitation created', { tenantId: scope.tenantId, invitationId: record._id, role: input.role, emailed });
  return { ...invitationView(record), emailed, ...(emailed ? {} : { acceptUrl: url }) };
}

export async function revokeInvitation(deps: GatewayDeps, key: TenantInvitation, audit: AuditContext): Promise<void> {
  const now = deps.clock.now();
  const invitation = await deps.invitations.findPending(key, now);
  if (!invitation) throw new AppError('not_found', `No pending invitation ${key.invitationId}`);
  if (invitation.role === 'owner' && (await actingRole(deps, key, audit)) !== 'owner') throw ownersOnly();
  const target = { type: 'invitation', id: invitation._id };
  const record = auditRecord(
    deps,
    key.tenantId,
    audit,
    { operationId: 'revokeInvitation', target, changes: { revokedAt: now.toISOString() } },
    now,
  );
  const revoked = await deps.invitations.revoke(key, now, record);
  if (!revoked) throw new AppError('not_found', `No pending invitation ${key.invitationId}`);
  await moveAudit(deps, deps.invitations.audit, revoked);
  deps.logger.info('invitation revoked', { tenantId: key.tenantId, invitationId: invitation._id });
}
