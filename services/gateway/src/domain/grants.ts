import { PERMISSION_NAMES, type Permission, type PermissionName, type Role } from '@mailplane/contracts';

/** An API key's holder, as authenticated. */
export interface KeyPrincipal {
  type: 'key';
  tenantId: string;
  id: string;
  /** The key's name now: what an audit record names the actor by. */
  name: string;
  permission: Permission;
  /** The only sending domain its sends may come from; null when any. */
  domain: string | null;
  /** The member the key belongs to, with their role now (the key does no more than it); null: the key is nobody's. */
  member: { id: string; role: Role } | null;
}

/** A member signed in, through one of their sessions. */
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

/** What `grants` reads of a principal: a role, or a key's permission and its member's role. */
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

/**
 * Whether `principal` may call an operation that needs `permission`: the one place that decides it. A sending key
 * only sends; a full key does everything but change members, so that a leaked key cannot mint a person who
 * outlives it; a member's key does no more than the member's role allows now.
 */
export function grants(principal: Grantee, permission: PermissionName): boolean {
  if (principal.type === 'member') return ROLES[principal.role](permission);
  if (principal.member && !ROLES[principal.member.role](permission)) return false;
  if (principal.permission === 'sending') return permission === 'sending';
  return permission !== 'members.write';
}

/** Whether `candidate` may do nothing that `creator` may not: what a key or member made by `creator` may be. */
export const noBroaderThan = (candidate: Grantee, creator: Grantee): boolean =>
  PERMISSION_NAMES.every((permission) => !grants(candidate, permission) || grants(creator, permission));
