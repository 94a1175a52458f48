import { BENCH_SELF, type BurstFigure, type RateFigure } from './accept-capacity';
import { markdownTable } from './report';
import { fmt } from './volume-stats';

const ratio = (x: number, base: number | undefined) => (base ? (x / base).toFixed(2) : '—');

/** One row per mode and rate; ratios against the baseline at the same rate (202/s: higher is better; p99: lower). */
export function rateTable(figures: RateFigure[]): string {
  const base = (rate: number) => figures.find((f) => f.mode.startsWith('baseline') && f.rate === rate);
  const rows = figures.map((f) => [
    f.mode,
    String(f.rate),
    String(f.sent),
    f.acceptedPerSecond.toFixed(1),
    fmt(f.p50),
    fmt(f.p99),
    fmt(f.max),
    f.other || '—',
    ratio(f.acceptedPerSecond, base(f.rate)?.acceptedPerSecond),
    ratio(f.p99, base(f.rate)?.p99),
    f.drainSeconds == null ? '—' : f.drainSeconds.toFixed(1),
  ]);
  const head = [
    'mode',
    'rate/s',
    'sent',
    '202/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    'other',
    '202/s vs baseline',
    'p99 vs baseline',
    'all delivered +s',
  ];
  return markdownTable(head, rows);
}

export function burstTable(figures: BurstFigure[]): string {
  const rows = figures.map((f) => {
    const others = Object.entries(f.statuses).filter(([s]) => !['202', '429', '503'].includes(s));
    return [
      f.mode,
      String(f.n),
      String(f.statuses[202] ?? 0),
      String(f.statuses[429] ?? 0),
      String(f.statuses[503] ?? 0),
      others.map(([s, c]) => `${s}×${c}`).join(' ') || '—',
      f.seconds.toFixed(2),
      `${fmt(f.acceptedP50)} / ${fmt(f.acceptedMax)}`,
      `${f.healthz.n}: ${fmt(f.healthz.p50)} / ${fmt(f.healthz.max)}${f.healthz.failures.length ? ` (${f.healthz.failures.length} failed)` : ''}`,
    ];
  });
  const head = ['mode', 'N', '202', '429', '503', 'other', 'seconds', '202 ms p50 / max', '/healthz probes: ms p50 / max'];
  return markdownTable(head, rows);
}

/** CPU ms per request by process: where the machine's time goes, whatever else shares it. */
export function cpuTable(figures: RateFigure[]): string {
  const names = [...new Set(figures.flatMap((f) => Object.keys(f.cpuMsPerRequest)))].filter((n) => n !== BENCH_SELF);
  const cell = (f: RateFigure, n: string) => (n in f.cpuMsPerRequest ? f.cpuMsPerRequest[n].toFixed(2) : '—');
  const rows = figures.map((f) => {
    const total = names.reduce((sum, n) => sum + (f.cpuMsPerRequest[n] ?? 0), 0);
    return [f.mode, String(f.rate), ...names.map((n) => cell(f, n)), total.toFixed(2), cell(f, BENCH_SELF)];
  });
  return markdownTable(['mode', 'rate/s', ...names, 'total', BENCH_SELF], rows);
}
