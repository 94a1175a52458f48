import { PERMISSION_NAMES, type Permission, type PermissionName, type Role } from '@mailplane/contracts';

export interface KeyPrincipal {
  type: 'key';
  tenantId: string;
  id: string;
  name: string;
  permission: Permission;
  domain: string | null;
  /** With the member's role now: the key does no more than it. */
  member: { id: string; role: Role } | null;
}

export interface MemberPrincipal {
  type: 'member';
  tenantId: string;
  id: string;
  name: string;
  email: string;
  role: Role;
  sessionId: string;
}

export type Principal = KeyPrincipal | MemberPrincipal;

export type Grantee = Pick<MemberPrincipal, 'type' | 'role'> | Pick<KeyPrincipal, 'type' | 'permission' | 'member'>;

const isRead = (p: PermissionName) => p.endsWith('.read');
const isWrite = (p: PermissionName) => p.endsWith('.write');
// What every role but owner and admin is kept from reading: who changed what, and money.
const everyday = (p: PermissionName) => isRead(p) && p !== 'audit.read' && p !== 'billing.read';

// The role table of docs/guides/teams.md. An admin's members.write never reaches an owner: members.ts refuses that, not this check.
const ROLES: Record<Role, (p: PermissionName) => boolean> = {
  owner: () => true,
  admin: (p) => p !== 'billing.write',
  developer: (p) => p === 'sending' || everyday(p) || (isWrite(p) && p !== 'billing.write' && p !== 'members.write'),
  billing: (p) => (isRead(p) && p !== 'audit.read') || p === 'billing.write',
  viewer: everyday,
};

/** The one place that decides it. A full key cannot change members, so a leaked key cannot mint a person who outlives it. */
export function grants(principal: Grantee, permission: PermissionName): boolean {
  if (principal.type === 'member') return ROLES[principal.role](permission);
  if (principal.member && !ROLES[principal.member.role](permission)) return false;
  if (principal.permission === 'sending') return permission === 'sending';
  return permission !== 'members.write';
}

export const noBroaderThan = (candidate: Grantee, creator: Grantee): boolean =>
  PERMISSION_NAMES.every((permission) => !grants(candidate, permission) || grants(creator, permission));
