import { performance } from 'node:perf_hooks';
import { BACKEND_SERVICES, type BackendService } from './services-rpc';

const PING_EVERY_MS = 1000;
/** A service is up while its last answer to a ping is younger than this: three missed pings in a row. */
const STALE_AFTER_MS = 3000;

export interface Liveness {
  /** Waits only for the very first round. */
  states(): Promise<Record<BackendService, boolean>>;
  stop(): void;
}

/** In the background, so /healthz answers at once instead of waiting behind the requests a busy service has in hand. */
export function watchLiveness(isUp: (service: BackendService) => Promise<boolean>): Liveness {
  const lastAnswer = new Map<BackendService, number>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const round = () =>
    Promise.all(
      BACKEND_SERVICES.map(async (service) => {
        if (await isUp(service)) lastAnswer.set(service, performance.now());
      }),
    );
  const next = () => {
    if (!stopped) timer = setTimeout(() => void round().then(next), PING_EVERY_MS).unref();
  };
  const first = round().then(next);
  return {
    async states() {
      await first;
      const now = performance.now();
      return Object.fromEntries(
        BACKEND_SERVICES.map((service) => [service, now - (lastAnswer.get(service) ?? -Infinity) < STALE_AFTER_MS]),
      ) as Record<BackendService, boolean>;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
