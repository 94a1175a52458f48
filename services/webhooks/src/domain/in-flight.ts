/** A place for one attempt, given back once it is over. */
export type Place = { taken: true; release(): void } | { taken: false; waitMs: number };

interface Lane {
  /** When each attempt in flight started. */
  started: number[];
  /** How long this lane's attempts took, smoothed. */
  averageMs: number;
  /** When the last delivery sent away to wait for this lane gets its turn. */
  lastTurnAt: number;
}

// Low, so that a burst to a fast endpoint is not spread thin: a lane learns its pace from its attempts, and one whose
// attempts hang shows it by their age long before any ends.
const FIRST_GUESS_MS = 25;
const SMOOTHING = 0.3;
const TIDY_EVERY = 1000;

/**
 * The attempts in flight in this replica: per endpoint, per tenant and in all, each under its limit, so that no
 * tenant's slow or failing endpoints take the places others need. A delivery that finds a lane full does not wait
 * here holding a place: it is told how long to wait elsewhere, its turn paced at the lane's pace (each one sent away
 * gets the next slot of `averageMs / limit`), so a backlog of thousands waits once, spread out, instead of knocking
 * again and again. Per replica by design: each replica's share is its own, and N replicas give a tenant N times it.
 */
export function createInFlight(limits: { total: number; perTenant: number; perEndpoint: number }, now: () => number = Date.now) {
  const lanes = new Map<string, Lane>();
  let takes = 0;
  const lane = (key: string): Lane => {
    let found = lanes.get(key);
    if (!found) lanes.set(key, (found = { started: [], averageMs: FIRST_GUESS_MS, lastTurnAt: 0 }));
    return found;
  };
  // A lane with nothing in flight and no turn promised is forgotten: one per tenant ever seen would only grow.
  const tidy = () => {
    for (const [key, l] of lanes) if (l.started.length === 0 && l.lastTurnAt <= now()) lanes.delete(key);
  };
  const nextTurn = (l: Lane, limit: number): number => {
    const takes = Math.max(l.averageMs, now() - Math.min(...l.started));
    const at = Math.max(now(), l.lastTurnAt) + takes / limit;
    l.lastTurnAt = at;
    return Math.ceil(at - now());
  };
  return {
    take(tenantId: string, endpointId: string): Place {
      if (++takes % TIDY_EVERY === 0) tidy();
      const wanted: [Lane, number][] = [
        [lane(`endpoint:${endpointId}`), limits.perEndpoint],
        [lane(`tenant:${tenantId}`), limits.perTenant],
        [lane('all'), limits.total],
      ];
      // The narrowest full lane sets the pace: a tenant over its share waits at its own pace, not at everyone's.
      const full = wanted.find(([l, limit]) => l.started.length >= limit);
      if (full) return { taken: false, waitMs: nextTurn(...full) };
      const started = now();
      for (const [l] of wanted) l.started.push(started);
      return {
        taken: true,
        release: () => {
          const tookMs = now() - started;
          for (const [l] of wanted) {
            l.started.splice(l.started.indexOf(started), 1);
            l.averageMs += SMOOTHING * (tookMs - l.averageMs);
          }
        },
      };
    },
  };
}
export type InFlight = ReturnType<typeof createInFlight>;
