/**
 * End-to-end send throughput: a nodemailer baseline and the platform (embedded, then distributed when a
 * broker is at hand), same machine, same run, same receiving sink. `npm run bench`; see BENCHMARKS.md.
 *   BENCH_N                messages per run (default 2000; BENCH_N_BASELINE / _EMBEDDED / _DISTRIBUTED override)
 *   BENCH_CONCURRENCY      sends in flight (HTTP requests for the platform, SMTP sends for the baseline; default 32)
 *   BENCH_MODES            comma list of baseline,embedded,distributed (default all)
 */
import os from 'node:os';
import { runBaseline } from './baseline';
import type { RunResult } from './common';
import { benchConfig } from './config';
import { runDistributed } from './distributed';
import { runEmbedded } from './embedded';
import { table } from './report';

async function main() {
  const { n, modes, concurrency: window } = benchConfig;
  console.log(`send-throughput: ${os.cpus().length} CPUs, node ${process.version}, concurrency ${window}`);
  const results: RunResult[] = [];
  const run = async (mode: string, fn: () => Promise<RunResult>) => {
    if (!modes.has(mode)) return;
    process.stdout.write(`running ${mode}… `);
    const result = await fn();
    results.push(result);
    console.log(result.seconds ? `${(result.n / result.seconds).toFixed(1)} msgs/s` : result.note);
  };
  await run('baseline', () => runBaseline(n.baseline, window));
  await run('embedded', () => runEmbedded(n.embedded, window));
  await run('distributed', () => runDistributed(n.distributed, window));
  console.log(
    `\n${table(
      results,
      results.find((r) => r.mode.startsWith('baseline')),
    )}`,
  );
  for (const r of results) if (r.detail) console.log(`${r.mode}: ${r.detail}`);
  const logs = results.map((r) => (r as { logs?: string }).logs).filter(Boolean);
  if (logs.length) console.log(`\n${logs.join('\n')}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
