import { AppError, type Health, type Readiness } from '@mailplane/contracts';
import { isReady } from '@mailplane/runtime';
import type { GatewayDeps } from './deps';

/** From the background pings (a service that missed the last three is down), so it never waits behind sends. */
export async function checkHealth(deps: GatewayDeps): Promise<Health> {
  const states = Object.entries(await deps.liveness.states());
  const services = Object.fromEntries(states.map(([service, up]) => [service, up ? 'up' : 'down'])) as Health['services'];
  return { status: states.every(([, up]) => up) ? 'ok' : 'degraded', services };
}

export async function checkReadiness(deps: GatewayDeps): Promise<Readiness> {
  const checks = await deps.readiness();
  if (!isReady(checks)) {
    const down = Object.keys(checks).filter((name) => checks[name] === 'down');
    throw new AppError('not_ready', `Down: ${down.join(', ')}.`, { extra: { checks } });
  }
  return { status: 'ready', checks };
}
