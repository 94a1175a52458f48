import type { BrokerLogger, Subscription } from './port';

type Consumer = Subscription & { abandon(): Promise<void> };

/** Requests a server just started takes at once, while its code is cold and its pool and caches empty. */
export const SLOW_START_PREFETCH = 2;

/**
 * A replica that has just started answers its first requests slowly (nothing compiled yet, connections being opened,
 * caches empty, its own start-up work under way): measured on a rolling restart, its first 16 took 0.9-1.6 s each,
 * those after it 5-50 ms. For `ms` it consumes with SLOW_START_PREFETCH, so RabbitMQ hands what it cannot take yet
 * to the replicas already warm; then a second consumer takes the rest of `prefetch`. HAProxy's `slowstart` does the
 * same for the gateways. The broker skips it (`ms` 0) for a server with no peer on its queue: nobody would take the rest.
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
