import { performance } from 'node:perf_hooks';

/** What an open-loop run saw: each request's latency counted from when it was due, and its status. */
export interface OpenLoopResult {
  latencies: number[];
  statuses: Record<number, number>;
  /** From the first request due to the last answer. */
  seconds: number;
}

/**
 * Fires request k at start + k/rate whether or not the earlier ones have answered (open loop), for `seconds`.
 * Latency runs from the moment a request was due, so a client that falls behind schedule cannot hide the wait
 * (no coordinated omission). `send` resolves with the HTTP status (0 for a connection error).
 */
export async function openLoop(rate: number, seconds: number, send: (k: number) => Promise<number>): Promise<OpenLoopResult> {
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const inFlight: Promise<void>[] = [];
  const start = performance.now() + 20;
  const dueAt = (k: number) => start + (k * 1000) / rate;
  for (let k = 0; k < total;) {
    const wait = dueAt(k) - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    for (; k < total && dueAt(k) <= performance.now(); k++) {
      const due = dueAt(k);
      inFlight.push(
        send(k).then((status) => {
          latencies.push(performance.now() - due);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }),
      );
    }
  }
  await Promise.all(inFlight);
  return { latencies, statuses, seconds: (performance.now() - start) / 1000 };
}
