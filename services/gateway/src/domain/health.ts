import type { GatewayDeps } from './deps';

export const SERVICES = ['billing', 'mail', 'webhooks'] as const;
const PING_TIMEOUT_MS = 1500;

export async function checkHealth(deps: GatewayDeps) {
  const results = await Promise.all(
    SERVICES.map(async (service) => {
      try {
        await deps.broker.request(`rpc.${service}`, { operationId: 'ping', requestId: 'health' }, { timeoutMs: PING_TIMEOUT_MS });
        return [service, 'up'] as const;
      } catch {
        return [service, 'down'] as const;
      }
    }),
  );
  const services = Object.fromEntries(results);
  return { status: results.every(([, s]) => s === 'up') ? 'ok' : 'degraded', services };
}
