import type { AppError } from '@mailplane/contracts';
import { createShares, type Holder } from '../domain/shares';

interface Waiter {
  holder: Holder;
  go(free: () => void): void;
}

/**
 * Beyond its share a holder may use idle slots only while a quarter stays free for the others: a tenant alone is not
 * held back, and a caller a service is slow to answer never makes the others wait. A waiter whose holder may not take
 * another lets the next one pass.
 */
export function createSlots(limits: { maxInFlight: number; maxWaitMs: number }, shareOf: (holder: Holder) => number, busy: () => AppError) {
  const perHolder = createShares(() => Number.POSITIVE_INFINITY);
  const reserve = Math.floor(limits.maxInFlight / 4);
  const waiting: Waiter[] = [];
  let inFlight = 0;

  const mayTake = (holder: Holder) =>
    inFlight < limits.maxInFlight && (perHolder.of(holder) < shareOf(holder) || limits.maxInFlight - inFlight - 1 >= reserve);
  const grant = (holder: Holder): (() => void) | null => {
    if (!mayTake(holder)) return null;
    const own = perHolder.take(holder) as () => void;
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
