export interface LoadSample {
  /** Event loop utilization, 0 to 1. */
  busy: number;
  requests: number;
}

export interface DeliveryPacer {
  run<T>(work: () => Promise<T>): Promise<T>;
  adjust(sample: LoadSample): void;
  limit(): number;
}

export const BUSY_ABOVE = 0.5;

/**
 * Delivery gives way to the API on the loop they share: the limit halves while requests are answered on a busy loop and
 * grows by one per period otherwise (AIMD, as in TCP: it settles instead of swinging). A delivery still running after a
 * whole period waits on its MTA, which costs the loop nothing: it stops counting, so a stalled transaction holds up no other.
 */
export function createDeliveryPacer(max: number, min = 1): DeliveryPacer {
  let limit = max;
  let counted = 0;
  const running = new Set<{ periods: number; counted: boolean }>();
  const waiting: Array<() => void> = [];
  const startWaiting = () => {
    while (counted < limit && waiting.length > 0) {
      counted++;
      waiting.shift()!();
    }
  };
  return {
    async run(work) {
      if (counted < limit) counted++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      const delivery = { periods: 0, counted: true };
      running.add(delivery);
      try {
        return await work();
      } finally {
        running.delete(delivery);
        if (delivery.counted) counted--;
        startWaiting();
      }
    },
    adjust({ busy, requests }) {
      // The first adjustment may come right after a start; the second ends a whole period.
      for (const delivery of running) {
        if (delivery.counted && ++delivery.periods >= 2) [delivery.counted, counted] = [false, counted - 1];
      }
      if (requests === 0) limit = max;
      else if (busy > BUSY_ABOVE) limit = Math.max(min, Math.floor(limit / 2));
      else limit = Math.min(max, limit + 1);
      startWaiting();
    },
    limit: () => limit,
  };
}
