import { AppError } from '@mailplane/contracts';
import type { Permission } from '../data-access/api-keys-repo';
import type { GatewayDeps } from './deps';
import { hashSecret, parseToken, secretMatches } from './key-token';

export interface Principal {
  tenantId: string;
  keyId: string;
  permission: Permission;
}

const TOUCH_EVERY_MS = 60_000;
// Compared against when the key id is unknown, so that unknown and wrong keys take the same time.
const DUMMY_HASH = hashSecret('not-a-key');

export async function authenticate(deps: GatewayDeps, authorization: string | undefined): Promise<Principal> {
  if (!authorization) throw new AppError('unauthorized', 'Send an API key as "Authorization: Bearer <key>".');
  const match = /^Bearer +(\S+)$/i.exec(authorization);
  const parsed = match ? parseToken(match[1]) : null;
  const record = parsed ? await deps.keys.byId(parsed.keyId) : null;
  const valid = secretMatches(parsed?.secret ?? '', record?.secretHash ?? DUMMY_HASH);
  if (!parsed || !record || !valid || record.revokedAt) {
    throw new AppError('unauthorized', 'The API key is malformed, unknown or revoked.');
  }
  const now = deps.clock.now();
  if (!record.lastUsedAt || now.getTime() - record.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    deps.keys.touch(record._id, now).catch((err) => deps.logger.warn('lastUsedAt not recorded', { err }));
  }
  return { tenantId: record.tenantId, keyId: record._id, permission: record.permission };
}
