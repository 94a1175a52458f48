import { performance } from 'node:perf_hooks';

export interface OpenLoopResult {
  latencies: number[];
  statuses: Record<number, number>;
  seconds: number;
}

/** Fires request k at start + k/rate whatever has answered; latency counts from when it was due (no coordinated omission). */
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
