import { AppError, type Permission } from '@mailplane/contracts';
import type { GatewayDeps } from './deps';
import { hashSecret, parseToken, secretMatches } from './key-token';

export interface Principal {
  tenantId: string;
  keyId: string;
  /** The key's name now: what an audit record names the actor by. */
  keyName: string;
  permission: Permission;
}

const TOUCH_EVERY_MS = 60_000;
// Compared against when the key id is unknown, so that unknown and wrong keys take the same time.
const DUMMY_HASH = hashSecret('not-a-key');

/** The tenant behind an API key that may do what `required` asks (null: any live key). */
export async function authenticate(
  deps: Pick<GatewayDeps, 'keys' | 'clock' | 'logger'>,
  token: string | undefined,
  required: Permission | null,
): Promise<Principal> {
  const parsed = token ? parseToken(token) : null;
  const record = parsed ? await deps.keys.findForAuthentication(parsed.keyId) : null;
  const valid = secretMatches(parsed?.secret ?? '', record?.secretHash ?? DUMMY_HASH);
  if (!parsed || !record || !valid || record.revokedAt) {
    throw new AppError('unauthorized', 'The API key is malformed, unknown or revoked.');
  }
  const now = deps.clock.now();
  if (!record.lastUsedAt || now.getTime() - record.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    const key = { tenantId: record.tenantId, keyId: record._id };
    deps.keys.touch(key, now).catch((err) => deps.logger.warn('lastUsedAt not recorded', { err }));
  }
  if (required === 'full' && record.permission !== 'full') {
    throw new AppError('restricted_api_key', 'This API key may only send email.');
  }
  return { tenantId: record.tenantId, keyId: record._id, keyName: record.name, permission: record.permission };
}
