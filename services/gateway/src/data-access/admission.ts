import { AppError } from '@mailplane/contracts';

/** How much one gateway process hands a service at a time, and how many requests may wait for their turn. */
export interface AdmissionLimits {
  maxInFlight: number;
  maxWaiting: number;
  /** A request still waiting after this long is refused; it was never forwarded. */
  maxWaitMs: number;
}

/** A place in line, taken from a request's headers before its body is read. */
export interface Place {
  /** Waits for one of the in-flight slots (or refuses as busy), runs `work`, then frees the slot and the place. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Gives the place up without running; harmless after `run` or a second time. */
  leave(): void;
}

export const busy = (service: string) =>
  new AppError('service_busy', `The ${service} service has too many requests in hand; nothing was done.`, {
    headers: { 'Retry-After': '1' },
  });

/**
 * Admission for one service: at most `maxInFlight` forwarded, at most `maxWaiting` more holding a place
 * (body being read, or waiting for a slot, first come first served). Everyone else is refused at once, from
 * the headers, so a burst costs a refusal per request beyond capacity instead of a queue that outlives deadlines.
 */
export function createAdmission(service: string, limits: AdmissionLimits) {
  let placed = 0;
  let inFlight = 0;
  const waiting: Array<() => void> = [];

  const freeSlot = () => {
    const next = waiting.shift();
    if (next) next();
    else inFlight--;
  };
  const takeSlot = () =>
    new Promise<void>((resolve, reject) => {
      if (inFlight < limits.maxInFlight) {
        inFlight++;
        return resolve();
      }
      const turn = () => (clearTimeout(timer), resolve());
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(turn), 1);
        reject(busy(service));
      }, limits.maxWaitMs);
      waiting.push(turn);
    });

  return {
    /** A place for one request, or null when the line is full. */
    admit(): Place | null {
      if (placed >= limits.maxInFlight + limits.maxWaiting) return null;
      placed++;
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        placed--;
      };
      return {
        leave,
        async run(work) {
          try {
            await takeSlot();
          } catch (err) {
            leave();
            throw err;
          }
          try {
            return await work();
          } finally {
            freeSlot();
            leave();
          }
        },
      };
    },
    load: () => ({ placed, inFlight, waiting: waiting.length }),
  };
}
export type Admission = ReturnType<typeof createAdmission>;
