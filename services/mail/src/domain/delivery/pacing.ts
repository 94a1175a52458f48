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
 */
export function createDeliveryPacer(max: number, min = 1): DeliveryPacer {
  let limit = max;
  let running = 0;
  const waiting: Array<() => void> = [];
  const startWaiting = () => {
    while (running < limit && waiting.length > 0) {
      running++;
      waiting.shift()!();
    }
  };
  return {
    async run(work) {
      if (running < limit) running++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        running--;
        startWaiting();
      }
    },
    adjust({ busy, requests }) {
      if (requests === 0) limit = max;
      else if (busy > BUSY_ABOVE) limit = Math.max(min, Math.floor(limit / 2));
      else limit = Math.min(max, limit + 1);
      startWaiting();
    },
    limit: () => limit,
  };
}
