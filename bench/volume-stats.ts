import { performance } from 'node:perf_hooks';

export interface Stat {
  n: number;
  p50: number;
  p99: number;
  error?: string;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;

export function stat(samples: number[], error?: string): Stat {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), error };
}

/** Runs `once(i)` in sequence after a warm-up: `count` times, or fewer (at least 3) once `budgetMs` runs out. */
export async function measure(once: (i: number) => Promise<void> | void, count = 200, budgetMs = 15_000): Promise<Stat> {
  const warm = performance.now();
  for (let i = 0; i < 3 && performance.now() - warm < 2000; i++) await once(-1 - i);
  const samples: number[] = [];
  const deadline = performance.now() + budgetMs;
  let error: string | undefined;
  for (let i = 0; i < count && (samples.length < 3 || performance.now() < deadline); i++) {
    const t = performance.now();
    try {
      await once(i);
    } catch (e) {
      error ??= String(e);
    }
    samples.push(performance.now() - t);
  }
  return stat(samples, error);
}

export const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0));
