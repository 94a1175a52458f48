import { AppError, type CreateMemberRequest, type Member, type Role, type UpdateMemberRequest } from '@mailplane/contracts';
import { newId, type AuditContext } from '@mailplane/runtime';
import { carrying } from '@mailplane/store';
import type { TenantScope } from '../data-access/api-keys-repo';
import { tenantEmailOf, type MemberRecord, type TenantMember } from '../data-access/members-repo';
import { revokeKeysOfMember } from './api-keys';
import { auditRecord, moveAudit } from './audit';
import type { GatewayDeps } from './deps';
import { noBroaderThan } from './grants';
import { hashPassword, passwordMatches } from './password';

export const memberView = (record: MemberRecord): Member => ({
  id: record._id,
  email: record.email,
  name: record.name,
  role: record.role,
  createdAt: record.createdAt.toISOString(),
});

export async function listMembers(deps: GatewayDeps, scope: TenantScope): Promise<Member[]> {
  return (await deps.members.listLive(scope)).map(memberView);
}

/** The role the actor acts with now: a member's as stored (never as the request claims), the operator's as an owner's. */
export async function actingRole(deps: GatewayDeps, { tenantId }: TenantScope, { actor }: AuditContext): Promise<Role> {
  if (actor.type === 'operator') return 'owner';
  const member = actor.type === 'member' ? await deps.members.findLive({ tenantId, memberId: actor.id }) : null;
  if (!member) throw new AppError('forbidden', 'Only owners and admins change members.');
  return member.role;
}

const ownersOnly = () => new AppError('forbidden', 'Only an owner can add, change or remove an owner.');

export function checkRoleWithin(role: Role, actorRole: Role): void {
  if (role === 'owner' && actorRole !== 'owner') throw ownersOnly();
  if (!noBroaderThan({ type: 'member', role }, { type: 'member', role: actorRole })) {
    throw new AppError('forbidden', `The ${actorRole} role cannot give the ${role} role: it may do what the ${actorRole} may not.`);
  }
}

/** The password is kept only as its scrypt hash, and never audited. */
export async function createMember(
  deps: GatewayDeps,
  scope: TenantScope,
  input: CreateMemberRequest,
  audit: AuditContext,
  operationId = 'createMember',
): Promise<Member> {
  checkRoleWithin(input.role, await actingRole(deps, scope, audit));
  return insertMember(deps, scope, input, audit, operationId);
}

// Proven addresses: an invited person's (the link was mailed to it) and the operator's owner's.
const PROVES_ADDRESS = new Set(['acceptInvitation', 'createOwner']);

/** The caller has decided who may add it; an invitation's acceptance names the id. */
export async function insertMember(
  deps: GatewayDeps,
  scope: TenantScope,
  input: CreateMemberRequest,
  audit: AuditContext,
  operationId: string,
  memberId = newId('mem', deps.clock.now().getTime()),
): Promise<Member> {
  const now = deps.clock.now();
  const changes = { email: input.email, name: input.name, role: input.role, hasPassword: input.password !== undefined };
  const record: MemberRecord = {
    _id: memberId,
    tenantId: scope.tenantId,
    email: input.email,
    ...(PROVES_ADDRESS.has(operationId) ? { signInEmail: input.email.toLowerCase() } : { unprovenEmail: input.email.toLowerCase() }),
    tenantEmail: tenantEmailOf(scope.tenantId, input.email),
    name: input.name,
    role: input.role,
    passwordHash: input.password === undefined ? null : await hashPassword(input.password),
    createdAt: now,
    removedAt: null,
    changedAt: now,
    changeSeq: 1,
    totpSeq: 0,
    ...carrying([auditRecord(deps, scope.tenantId, audit, { operationId, target: { type: 'member', id: memberId }, changes }, now)]),
  };
  const taken = () => new AppError('already_exists', `A member with the address ${input.email} exists.`);
  if (await deps.members.byTenantEmail(scope, input.email)) throw taken();
  if (!(await deps.members.insert(record))) throw taken();
  await moveAudit(deps, deps.members.audit, record);
  deps.logger.info('member created', { tenantId: scope.tenantId, memberId, role: input.role });
  return memberView(record);
}

async function changeable(deps: GatewayDeps, key: TenantMember, audit: AuditContext) {
  const member = await deps.members.findLive(key);
  if (!member) throw new AppError('not_found', `No member ${key.memberId}`);
  return { member, actorRole: await actingRole(deps, key, audit) };
}

// The last owner stays: checked before the write, so two owners demoting each other at once can both pass (the record).
async function keepAnOwner(deps: GatewayDeps, member: MemberRecord, what: string) {
  if (member.role === 'owner' && (await deps.members.countOwners(member)) <= 1) {
    throw new AppError('last_owner', `The tenant's last owner cannot be ${what}; make another owner first.`);
  }
}

export async function updateMember(deps: GatewayDeps, key: TenantMember, input: UpdateMemberRequest, audit: AuditContext): Promise<Member> {
  const { member, actorRole } = await changeable(deps, key, audit);
  const roleChanges = input.role !== undefined && input.role !== member.role;
  if (roleChanges && audit.actor.type === 'member' && audit.actor.id === member._id) {
    throw new AppError('forbidden', 'A member cannot change their own role.');
  }
  if (actorRole !== 'owner' && member.role === 'owner') throw ownersOnly();
  if (roleChanges) checkRoleWithin(input.role as Role, actorRole);
  if (roleChanges) await keepAnOwner(deps, member, 'demoted');
  const now = deps.clock.now();
  const fields = { ...(input.name !== undefined && { name: input.name }), ...(input.role !== undefined && { role: input.role }) };
  const target = { type: 'member', id: member._id };
  const record = auditRecord(deps, key.tenantId, audit, { operationId: 'updateMember', target, changes: fields }, now);
  const updated = await deps.members.update(key, fields, now, record);
  if (!updated) throw new AppError('not_found', `No member ${key.memberId}`);
  await moveAudit(deps, deps.members.audit, updated);
  deps.logger.info('member changed', { tenantId: key.tenantId, memberId: member._id });
  return memberView(updated);
}

/** Authentication also reads the member each time, so a key a crash left unrevoked authenticates nobody. */
export async function removeMember(deps: GatewayDeps, key: TenantMember, audit: AuditContext): Promise<void> {
  const { member, actorRole } = await changeable(deps, key, audit);
  if (member.role === 'owner' && actorRole !== 'owner') throw ownersOnly();
  await keepAnOwner(deps, member, 'removed');
  const now = deps.clock.now();
  const target = { type: 'member', id: member._id };
  const record = auditRecord(
    deps,
    key.tenantId,
    audit,
    { operationId: 'removeMember', target, changes: { removedAt: now.toISOString() } },
    now,
  );
  const removed = await deps.members.remove(key, now, record);
  if (!removed) throw new AppError('not_found', `No member ${key.memberId}`);
  await moveAudit(deps, deps.members.audit, removed);
  await deps.sessions.endAllOf(key, now);
  await revokeKeysOfMember(deps, key, audit);
  deps.logger.info('member removed', { tenantId: key.tenantId, memberId: member._id });
}

/** The operator's first owner of a tenant (`npm run admin -- create-owner`). */
export async function createOwner(
  deps: GatewayDeps,
  { tenantId }: TenantScope,
  input: { email: string; name: string; password: string },
  audit: AuditContext,
): Promise<Member> {
  if (!(await deps.tenants.byId(tenantId))) throw new AppError('not_found', `No tenant ${tenantId}`);
  return createMember(deps, { tenantId }, { ...input, role: 'owner' }, audit, 'createOwner');
}

/** Directly added members with one address that a password sign-in tries, at most: each costs a scrypt derivation. */
const UNPROVEN_TRIED = 5;

export async function membersOfAddress(deps: GatewayDeps, email: string): Promise<MemberRecord[]> {
  const proven = await deps.members.bySignInEmail(email);
  return proven ? [proven] : deps.members.unprovenByEmail(email, UNPROVEN_TRIED);
}

/** An address nobody holds costs one derivation, as a wrong password does. */
export async function memberSigningIn(deps: GatewayDeps, email: string, password: string): Promise<MemberRecord | null> {
  const candidates = await membersOfAddress(deps, email);
  if (candidates.length === 0) await passwordMatches(password, null);
  for (const member of candidates) if (await passwordMatches(password, member.passwordHash)) return member;
  return null;
}
