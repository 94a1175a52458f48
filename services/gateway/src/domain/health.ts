import type { Health } from '@mailplane/contracts';
import { BACKEND_SERVICES } from '../data-access/services-rpc';
import type { GatewayDeps } from './deps';

export async function checkHealth(deps: GatewayDeps): Promise<Health> {
  const results = await Promise.all(
    BACKEND_SERVICES.map(async (service) => [service, (await deps.services.isUp(service)) ? 'up' : 'down'] as const),
  );
  const services = Object.fromEntries(results) as Health['services'];
  return { status: results.every(([, state]) => state === 'up') ? 'ok' : 'degraded', services };
}
