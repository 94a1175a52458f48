import { AppError, type Health, type Readiness } from '@mailplane/contracts';
import { isReady } from '@mailplane/runtime';
import { BACKEND_SERVICES } from '../data-access/services-rpc';
import type { GatewayDeps } from './deps';

export async function checkHealth(deps: GatewayDeps): Promise<Health> {
  const results = await Promise.all(
    BACKEND_SERVICES.map(async (service) => [service, (await deps.services.isUp(service)) ? 'up' : 'down'] as const),
  );
  const services = Object.fromEntries(results) as Health['services'];
  return { status: results.every(([, state]) => state === 'up') ? 'ok' : 'degraded', services };
}

/** Ready when every dependency of the answering process can be used now; else `not_ready`, naming what is down. */
export async function checkReadiness(deps: GatewayDeps): Promise<Readiness> {
  const checks = await deps.readiness();
  if (!isReady(checks)) {
    const down = Object.keys(checks).filter((name) => checks[name] === 'down');
    throw new AppError('not_ready', `Down: ${down.join(', ')}.`, { extra: { checks } });
  }
  return { status: 'ready', checks };
}
