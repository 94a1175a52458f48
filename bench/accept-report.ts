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

/** CPU ms by process; `per` 'request' counts the sending window, 'delivered' runs until the MTA held every send. */
export function cpuTable(figures: RateFigure[], per: 'request' | 'delivered' = 'request'): string {
  // The baseline delivers nothing: its delivered figure is its request's.
  const of = (f: RateFigure) =>
    (per === 'request' ? f.cpuMsPerRequest : (f.cpuMsPerDelivered ?? (f.mode.startsWith('baseline') ? f.cpuMsPerRequest : undefined))) ??
    {};
  const shown = figures.filter((f) => Object.keys(of(f)).length > 0);
  const names = [...new Set(shown.flatMap((f) => Object.keys(of(f))))].filter((n) => n !== BENCH_SELF);
  const cell = (f: RateFigure, n: string) => (n in of(f) ? of(f)[n].toFixed(2) : '—');
  const baseline = (f: RateFigure) => shown.find((b) => b.mode.startsWith('baseline') && b.rate === f.rate);
  const totalOf = (f: RateFigure) => names.reduce((sum, n) => sum + (of(f)[n] ?? 0), 0);
  const rows = shown.map((f) => {
    const base = baseline(f);
    return [
      f.mode,
      String(f.rate),
      ...names.map((n) => cell(f, n)),
      totalOf(f).toFixed(2),
      ratio(totalOf(f), base && totalOf(base)),
      cell(f, BENCH_SELF),
    ];
  });
  return markdownTable(['mode', 'rate/s', ...names, 'total', 'total vs baseline', BENCH_SELF], rows);
}
