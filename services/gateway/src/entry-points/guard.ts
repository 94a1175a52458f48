import { timingSafeEqual, createHash } from 'node:crypto';
import { AppError, type Operation } from '@mailplane/contracts';
import { bearerMatches } from '@mailplane/runtime';
import { authenticate, type Principal } from '../domain/authenticate';
import type { GatewayDeps } from '../domain/deps';

const digest = (s: string) => createHash('sha256').update(s).digest();

const bearerToken = (authorization: string | undefined) => /^Bearer +(\S+)$/i.exec(authorization ?? '')?.[1];

/** Who calls: the API key's tenant on bearer routes, nobody (null) on the others once their own check passed. */
export async function principalFor(
  op: Operation,
  authorization: string | undefined,
  deps: GatewayDeps,
  tokens: { adminToken: string | undefined; metricsToken: string | undefined },
): Promise<Principal | null> {
  if (op.security === 'admin') {
    checkAdmin(authorization, tokens.adminToken);
    return null;
  }
  if (op.security === 'metrics') {
    // Fails open by design: without METRICS_TOKEN the scrape needs no credentials.
    if (!bearerMatches(authorization, tokens.metricsToken))
      throw new AppError('unauthorized', 'Metrics need "Authorization: Bearer <METRICS_TOKEN>".');
    return null;
  }
  if (op.security !== 'bearer') return null;
  if (!authorization) throw new AppError('unauthorized', 'Send an API key as "Authorization: Bearer <key>".');
  return authenticate(deps, bearerToken(authorization), op.permission);
}

/** Fails closed: with no ADMIN_TOKEN configured nobody is let in. */
function checkAdmin(authorization: string | undefined, adminToken: string | undefined) {
  const given = bearerToken(authorization);
  if (!adminToken || !given || !timingSafeEqual(digest(given), digest(adminToken))) {
    throw new AppError('unauthorized', 'The admin surface needs "Authorization: Bearer <ADMIN_TOKEN>".');
  }
}
