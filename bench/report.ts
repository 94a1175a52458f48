import type { RunResult } from './common';

const fmt = (x: number | null | undefined, digits: number) => (x === null || x === undefined ? '—' : x.toFixed(digits));

/** mode | N | seconds | msgs/s | ratio vs baseline (platform msgs/s ÷ baseline msgs/s). */
export function table(results: RunResult[], baseline: RunResult | undefined): string {
  const rate = (r: RunResult | undefined) => (r?.seconds ? r.n / r.seconds : null);
  const base = rate(baseline);
  const rows = results.map((r) => {
    const msgs = rate(r);
    const ratio = r === baseline ? '1.00' : msgs && base ? (msgs / base).toFixed(2) : '—';
    const accepted = r.acceptedSeconds ? `${fmt(r.acceptedSeconds, 2)} s (${fmt(r.n / r.acceptedSeconds, 0)}/s)` : '—';
    return [r.mode, String(r.n), fmt(r.seconds, 2), fmt(msgs, 1), ratio, accepted, r.note ?? ''];
  });
  return markdownTable(['mode', 'N', 'seconds', 'msgs/s', 'ratio vs baseline', 'all accepted after', 'note'], rows);
}

export function markdownTable(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
