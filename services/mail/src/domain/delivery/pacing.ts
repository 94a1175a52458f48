/** How busy the service's event loop was over the last sampling period, and how many API requests it answered. */
export interface LoadSample {
  /** Event loop utilization over the period, 0 to 1. */
  busy: number;
  requests: number;
}

export interface DeliveryPacer {
  /** Runs one delivery once fewer than the current limit are running. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Moves the limit after a sampling period. */
  adjust(sample: LoadSample): void;
  /** The number of deliveries that may run at once right now. */
  limit(): number;
}

/** Above this utilization, with requests being answered, delivery gives way. */
export const BUSY_ABOVE = 0.5;

/**
 * Delivery gives way to the API on the event loop they share. Accepting a send is what a client waits for;
 * delivering it is what the outbox exists to defer. While requests are being answered and the loop is busy,
 * the number of deliveries in progress halves (never below `min`); otherwise it grows back by one per period,
 * and at once to `max` when no request came. Additive increase and multiplicative decrease, as in TCP: it
 * settles at the delivery rate the loop can carry beside the requests instead of swinging between the two.
 *
 * The limit is on the deliveries the loop works on. One still running after a whole sampling period is waiting
 * on its MTA (a slow server may hold a transaction for a minute), which costs the loop nothing: it stops
 * counting, so a stalled transaction never holds up the others.
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
