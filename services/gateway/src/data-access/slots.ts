import type { AppError } from '@mailplane/contracts';
import { createShares, type Holder } from '../domain/shares';

interface Waiter {
  holder: Holder;
  go(free: () => void): void;
}

/**
 * The in-flight slots of one service's line: at most `maxInFlight` requests handed over at once, and no holder
 * beyond its own share of them. Waiting requests get a slot first come first served, except that one whose holder
 * already has its share in flight lets the next one pass: a caller whose requests a service is slow to answer
 * waits for its own, never makes the others wait.
 */
export function createSlots(limits: { maxInFlight: number; maxWaitMs: number }, shareOf: (holder: Holder) => number, busy: () => AppError) {
  const perHolder = createShares(shareOf);
  const waiting: Waiter[] = [];
  let inFlight = 0;

  const grant = (holder: Holder): (() => void) | null => {
    if (inFlight >= limits.maxInFlight) return null;
    const own = perHolder.take(holder);
    if (!own) return null;
    inFlight++;
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      inFlight--;
      own();
      serveWaiting();
    };
  };
  const serveWaiting = () => {
    for (let i = 0; i < waiting.length && inFlight < limits.maxInFlight;) {
      const free = grant(waiting[i].holder);
      if (free) waiting.splice(i, 1)[0].go(free);
      else i++;
    }
  };

  return {
    /** Waits for a slot for `holder`, or refuses as busy after `maxWaitMs`; resolves with the function that frees it. */
    take(holder: Holder): Promise<() => void> {
      return new Promise((resolve, reject) => {
        const waiter: Waiter = { holder, go: (free) => (clearTimeout(timer), resolve(free)) };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(busy());
        }, limits.maxWaitMs);
        waiting.push(waiter);
        serveWaiting();
      });
    },
    load: () => ({ inFlight, waiting: waiting.length }),
  };
}
