import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Lines in every nedb datafile under `dir` (each insert/update/remove appends one line), by `service/collection`. */
export function datafileLines(dir: string): Map<string, number> {
  const lines = new Map<string, number>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d)) {
      const full = path.join(d, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (entry.endsWith('.db'))
        lines.set(path.relative(dir, full).replace(/\.db$/, ''), readFileSync(full, 'utf8').split('\n').filter(Boolean).length);
    }
  };
  walk(dir);
  return lines;
}

/** Appended datafile lines per message between two snapshots, e.g. "mail/messages 3.0, mail/counters 1.0 (total 5.0)". */
export function writesPerMessage(before: Map<string, number>, after: Map<string, number>, n: number): string {
  const rows = [...after]
    .map(([name, count]) => [name, (count - (before.get(name) ?? 0)) / n] as const)
    .filter(([, perMessage]) => perMessage > 0)
    .sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, x]) => sum + x, 0);
  return `${rows.map(([name, x]) => `${name} ${x.toFixed(1)}`).join(', ')} (total ${total.toFixed(1)})`;
}
