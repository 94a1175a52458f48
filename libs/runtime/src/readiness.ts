import { createHash, timingSafeEqual } from 'node:crypto';

export type CheckState = 'up' | 'down';
export type Checks = Record<string, CheckState>;
/** Answers, now, whether each dependency of a process can be used: `<service>.store`, `<service>.broker`. */
export type ReadinessProbe = () => Promise<Checks>;

const PING_TIMEOUT_MS = 2000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function dependencyProbe(
  service: string,
  deps: { store: { ping(): Promise<void> }; broker: { connected(): boolean } },
): ReadinessProbe {
  return async () => {
    const store = await within(deps.store.ping(), PING_TIMEOUT_MS).then(
      () => 'up' as const,
      () => 'down' as const,
    );
    return { [`${service}.store`]: store, [`${service}.broker`]: deps.broker.connected() ? 'up' : 'down' };
  };
}

/** Several services in one process (the embedded default): ready when every one of them is. */
export function allOf(probes: ReadinessProbe[]): ReadinessProbe {
  return async () => Object.assign({}, ...(await Promise.all(probes.map((p) => p()))));
}

/** Readiness that turns 503 once stopping begins (`<service>.accepting: down`), so balancers send it nothing new. */
export function drainableProbe(probe: ReadinessProbe, service: string) {
  let draining = false;
  return {
    readiness: (async () => (draining ? { ...(await probe()), [`${service}.accepting`]: 'down' } : probe())) as ReadinessProbe,
    begin: () => {
      draining = true;
    },
  };
}

export const isReady = (checks: Checks) => Object.values(checks).every((s) => s === 'up');

/** A bearer credential compared in constant time; `expected` undefined lets everyone in (an open scrape). */
export function bearerMatches(authorization: string | undefined, expected: string | undefined): boolean {
  if (expected === undefined) return true;
  const given = /^Bearer +(\S+)$/i.exec(authorization ?? '')?.[1];
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}
