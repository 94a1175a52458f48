import { AppError, type PermissionName } from '@mailplane/contracts';
import type { AuthDeps } from './deps';
import { grants, type KeyPrincipal, type Principal } from './grants';
import { keyPrincipal } from './key-principal';
import { DUMMY_HASH, parseToken, secretMatches } from './key-token';
import { sessionHolder } from './sessions';

export type { Principal } from './grants';
export type { AuthDeps } from './deps';

const TOUCH_EVERY_MS = 60_000;

/** Who holds `token` (an API key or a member's session), refused unless they may do what `required` asks (null: anything). */
export async function authenticate(deps: AuthDeps, token: string | undefined, required: PermissionName | null): Promise<Principal> {
  const principal = token?.startsWith('mps_') ? await sessionHolder(deps, token) : await keyHolder(deps, token);
  if (required && !grants(principal, required)) throw refusal(principal, required);
  return principal;
}

// A key refused stays the 401 it always was; a member refused is a 403, since the member is known and only the role is short.
function refusal(principal: Principal, required: PermissionName): AppError {
  if (principal.type === 'member')
    return new AppError('forbidden', `The ${principal.role} role does not allow this operation (${required}).`);
  if (principal.member && !grants({ type: 'member', role: principal.member.role }, required))
    return new AppError('restricted_api_key', `This API key does no more than its member's ${principal.member.role} role (${required}).`);
  if (principal.permission === 'sending') return new AppError('restricted_api_key', 'This API key may only send email.');
  return new AppError('restricted_api_key', 'An API key cannot change members; sign in as an owner or an admin.');
}

async function keyHolder(deps: AuthDeps, token: string | undefined): Promise<KeyPrincipal> {
  const parsed = token ? parseToken(token) : null;
  const record = parsed ? await deps.keys.findForAuthentication(parsed.keyId) : null;
  const valid = secretMatches(parsed?.secret ?? '', record?.secretHash ?? DUMMY_HASH);
  if (!parsed || !record || !valid || record.revokedAt) {
    throw new AppError('unauthorized', 'The API key is malformed, unknown or revoked.');
  }
  const principal = await keyPrincipal(deps, record);
  const now = deps.clock.now();
  if (!record.lastUsedAt || now.getTime() - record.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    const key = { tenantId: record.tenantId, keyId: record._id };
    deps.keys.touch(key, now).catch((err) => deps.logger.warn('lastUsedAt not recorded', { err }));
  }
  return principal;
}
