import type { BrokerLogger, Subscription } from './port';

type Consumer = Subscription & { abandon(): Promise<void> };

/** Requests a server just started takes at once, while its code is cold and its pool and caches empty. */
export const SLOW_START_PREFETCH = 2;

/**
 * A fresh replica answers its first requests slowly (on a rolling restart: 0.9-1.6 s each for its first 16, then 5-50 ms),
 * so for `ms` it takes SLOW_START_PREFETCH and leaves the rest to warm peers, as HAProxy's `slowstart` does.
 */
export async function slowStarting(
  prefetch: number,
  ms: number,
  open: (prefetch: number) => Promise<Consumer>,
  logger?: BrokerLogger,
): Promise<Consumer> {
  const first = ms > 0 ? Math.min(prefetch, SLOW_START_PREFETCH) : prefetch;
  const consumers = [await open(first)];
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const widen = () => {
    timer = setTimeout(async () => {
      try {
        const rest = await open(prefetch - first);
        if (stopped) await rest.abandon();
        else consumers.push(rest);
      } catch (err) {
        logger?.warn('could not widen a slow-starting server; trying again', { error: (err as Error).message });
        if (!stopped) widen();
      }
    }, ms).unref();
  };
  if (prefetch > first) widen();
  const stop = (how: 'cancel' | 'abandon') => async () => {
    stopped = true;
    clearTimeout(timer);
    await Promise.all(consumers.map((consumer) => consumer[how]()));
  };
  return { cancel: stop('cancel'), abandon: stop('abandon') };
}
