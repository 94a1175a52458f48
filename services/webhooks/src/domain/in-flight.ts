/** Released with how long the endpoint took to answer (none when no request was made). */
export type Place = { taken: true; release(answeredInMs?: number): void } | { taken: false; waitMs: number };

interface Lane {
  started: number[];
  /** How long this lane's endpoints took to answer, smoothed: its pace (our own work is everyone's, not the lane's). */
  averageMs: number;
  /** When the last delivery sent away to wait for this lane gets its turn. */
  lastTurnAt: number;
  waiters: (() => void)[];
}

// Low, so that a burst to a fast endpoint is not spread thin: a lane learns its pace from its attempts, and one whose
// attempts hang shows it by their age long before any ends.
const FIRST_GUESS_MS = 25;
const SMOOTHING = 0.3;
// A lane whose endpoints take this long is slow: nobody waits here for it, and an attempt in flight that long sets its
// pace. Well above what a burst of our own work adds to an answer.
const SLOW_MS = 5000;
const WAIT_HERE_MS = 1000;
const TIDY_EVERY = 1000;
/** Deliveries that may wait here per place: the queue's prefetch must leave room for them (see consumers). */
export const WAITERS_PER_PLACE = 2;

/**
 * Per endpoint, per tenant and in all, so no tenant's failing endpoints take others' places. A full lane keeps a
 * delivery waiting here only while it is fast and few of its tenant's wait; any other gets the next turn at the lane's
 * pace, so a backlog waits once, spread out. Per replica by design: N replicas give a tenant N times its share.
 */
export function createInFlight(limits: { total: number; perTenant: number; perEndpoint: number }, now: () => number = Date.now) {
  const lanes = new Map<string, Lane>();
  const waitingByTenant = new Map<string, number>();
  const waitersPerTenant = WAITERS_PER_PLACE * limits.perTenant;
  let waiting = 0;
  let takes = 0;
  let closed = false;
  const lane = (key: string): Lane => {
    let found = lanes.get(key);
    if (!found) lanes.set(key, (found = { started: [], averageMs: FIRST_GUESS_MS, lastTurnAt: 0, waiters: [] }));
    return found;
  };
  // A lane with nothing in flight, nobody waiting and no turn promised is forgotten: one per tenant ever seen would only grow.
  const tidy = () => {
    for (const [key, l] of lanes) if (l.started.length === 0 && l.waiters.length === 0 && l.lastTurnAt <= now()) lanes.delete(key);
  };
  const attemptMs = (l: Lane) => {
    const oldest = l.started.length > 0 ? now() - Math.min(...l.started) : 0;
    return oldest > SLOW_MS ? Math.max(l.averageMs, oldest) : l.averageMs;
  };
  const nextTurn = (l: Lane, limit: number): number => {
    const at = Math.max(now(), l.lastTurnAt) + attemptMs(l) / limit;
    l.lastTurnAt = at;
    return Math.ceil(at - now());
  };
  const mayWait = (l: Lane, tenantId: string) =>
    !closed &&
    attemptMs(l) < SLOW_MS &&
    waiting < WAITERS_PER_PLACE * limits.total &&
    (waitingByTenant.get(tenantId) ?? 0) < waitersPerTenant;
  /** True when a place was given back in the lane, false after WAIT_HERE_MS or on close. */
  const waitIn = (l: Lane, tenantId: string) =>
    new Promise<boolean>((resolve) => {
      const count = (n: number) => {
        waiting += n;
        waitingByTenant.set(tenantId, (waitingByTenant.get(tenantId) ?? 0) + n);
        if (waitingByTenant.get(tenantId) === 0) waitingByTenant.delete(tenantId);
      };
      const done = (woken: boolean) => {
        clearTimeout(timer);
        const index = l.waiters.indexOf(wake);
        if (index >= 0) l.waiters.splice(index, 1);
        count(-1);
        resolve(woken);
      };
      const wake = () => done(!closed);
      const timer = setTimeout(() => done(false), WAIT_HERE_MS);
      count(1);
      l.waiters.push(wake);
    });

  return {
    async take(tenantId: string, endpointId: string): Promise<Place> {
      if (++takes % TIDY_EVERY === 0) tidy();
      for (;;) {
        const wanted: [Lane, number][] = [
          [lane(`endpoint:${endpointId}`), limits.perEndpoint],
          [lane(`tenant:${tenantId}`), limits.perTenant],
          [lane('all'), limits.total],
        ];
        // The narrowest full lane sets the pace: a tenant over its share waits at its own pace, not at everyone's.
        const full = wanted.find(([l, limit]) => l.started.length >= limit);
        if (!full) return occupy(wanted);
        if (!mayWait(full[0], tenantId) || !(await waitIn(full[0], tenantId))) return { taken: false, waitMs: nextTurn(...full) };
      }
    },
    /** Sends every waiting delivery away (the service is stopping). */
    close() {
      closed = true;
      for (const l of lanes.values()) for (const wake of [...l.waiters]) wake();
    },
  };

  function occupy(wanted: [Lane, number][]): Place {
    const started = now();
    for (const [l] of wanted) l.started.push(started);
    return {
      taken: true,
      release: (answeredInMs) => {
        for (const [l] of wanted) {
          l.started.splice(l.started.indexOf(started), 1);
          if (answeredInMs !== undefined) l.averageMs += SMOOTHING * (answeredInMs - l.averageMs);
          l.waiters[0]?.();
        }
      },
    };
  }
}
export type InFlight = ReturnType<typeof createInFlight>;
