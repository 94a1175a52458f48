import type { Permission, PermissionName, Role } from '@mailplane/contracts';

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

const isRead = (p: PermissionName) => p.endsWith('.read');
const isWrite = (p: PermissionName) => p.endsWith('.write');
// What every role but owner and admin is kept from reading: who changed what, and money.
const everyday = (p: PermissionName) => isRead(p) && p !== 'audit.read' && p !== 'billing.read';

// The README's role table. An admin's members.write never reaches an owner: members.ts refuses that, not this check.
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
 * outlives it.
 */
export function grants(principal: Principal, permission: PermissionName): boolean {
  if (principal.type === 'member') return ROLES[principal.role](permission);
  if (principal.permission === 'sending') return permission === 'sending';
  return permission !== 'members.write';
}
