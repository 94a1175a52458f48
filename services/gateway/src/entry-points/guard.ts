import type { Request } from 'express';
import { AppError, type Operation } from '@mailplane/contracts';
import { bearerMatches } from '@mailplane/runtime';
import type { GatewayConfig } from '../config';
import { authenticate, type Principal } from '../domain/authenticate';
import type { GatewayDeps } from '../domain/deps';

const bearerToken = (authorization: string | undefined) => /^Bearer +(\S+)$/i.exec(authorization ?? '')?.[1];

type Guards = Pick<GatewayConfig, 'adminToken' | 'metricsToken' | 'openMetrics'>;

export async function principalFor(
  op: Operation,
  req: Request,
  client: string | undefined,
  deps: GatewayDeps,
  guards: Guards,
): Promise<Principal | null> {
  const authorization = req.get('authorization');
  if (op.security === 'admin') {
    await checkAdmin(authorization, client, deps, guards.adminToken);
    return null;
  }
  if (op.security === 'metrics') {
    checkMetrics(authorization, guards);
    return null;
  }
  if (op.security !== 'bearer') return null;
  if (!authorization) throw new AppError('unauthorized', 'Send an API key or a session token as "Authorization: Bearer <token>".');
  return authenticate(deps, bearerToken(authorization), op.permission);
}

/** Whatever the token may do: the caller of a refusal, for its audit record. */
export async function refusedCaller(req: Request, deps: GatewayDeps): Promise<Principal | null> {
  return authenticate(deps, bearerToken(req.get('authorization')), null).catch(() => null);
}

/** Fails closed without ADMIN_TOKEN; an address that failed too often is refused before its token is looked at. */
async function checkAdmin(
  authorization: string | undefined,
  address: string | undefined,
  deps: GatewayDeps,
  adminToken: string | undefined,
) {
  await deps.adminFailures.check(address);
  if (!adminToken || !bearerMatches(authorization, adminToken)) {
    await deps.adminFailures.failed(address);
    throw new AppError('unauthorized', 'The admin surface needs "Authorization: Bearer <ADMIN_TOKEN>".');
  }
}

function checkMetrics(authorization: string | undefined, guards: Guards) {
  if (guards.metricsToken === undefined && !guards.openMetrics) {
    throw new AppError('unauthorized', 'Metrics are served on the ops listener (OPS_PORT); on this port they need METRICS_TOKEN.');
  }
  if (!bearerMatches(authorization, guards.metricsToken)) {
    throw new AppError('unauthorized', 'Metrics need "Authorization: Bearer <METRICS_TOKEN>".');
  }
}
