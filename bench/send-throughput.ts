// `npm run bench`: the parts of BENCH_PARTS (throughput, accept, burst, batch, smtp) over BENCH_MODES; BENCHMARKS.md
// describes each part and its options.
import os from 'node:os';
import { batchFigure, batchTable, type BatchFigure } from './accept-batch';
import { acceptFigures, type BurstFigure, type RateFigure } from './accept-capacity';
import { burstTable, cpuTable, rateTable } from './accept-report';
import { enginesFor, type AcceptMode } from './accept-targets';
import { runBaseline } from './baseline';
import type { RunResult } from './common';
import { benchConfig } from './config';
import { distributedUnavailable, runDistributed } from './distributed';
import { runEmbedded } from './embedded';
import { table } from './report';
import { smtpAgainstApi, smtpTable } from './smtp-submission';

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function throughput() {
  const { n, modes, concurrency: window } = benchConfig;
  console.log(`\nsend throughput: concurrency ${window}`);
  const results: RunResult[] = [];
  const run = async (mode: string, fn: () => Promise<RunResult>) => {
    if (!modes.has(mode)) return;
    process.stdout.write(`running ${mode} (load average ${loadAverage()})… `);
    const result = await fn();
    results.push(result);
    console.log(result.seconds ? `${(result.n / result.seconds).toFixed(1)} msgs/s` : result.note);
  };
  await run('baseline', () => runBaseline(n.baseline, window));
  await run('embedded', () => runEmbedded(n.embedded, window));
  for (const engine of enginesFor('distributed')) await run('distributed', () => runDistributed(n.distributed, window, engine));
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

async function acceptAndBurst() {
  const { parts, acceptRates, acceptSeconds, burstN } = benchConfig;
  const rates = parts.has('accept') ? acceptRates : [];
  console.log(
    `\naccept capacity: ${rates.join(', ') || 'no'} requests/s for ${acceptSeconds} s each, burst of ${parts.has('burst') ? burstN : 0}`,
  );
  const rateFigures: RateFigure[] = [];
  const burstFigures: BurstFigure[] = [];
  for (const mode of ['baseline', 'embedded', 'distributed'] as AcceptMode[]) {
    if (!benchConfig.modes.has(mode)) continue;
    const unavailable = mode === 'distributed' ? await distributedUnavailable() : null;
    if (unavailable) {
      console.log(`  distributed skipped: ${unavailable}`);
      continue;
    }
    for (const engine of enginesFor(mode))
      for (const traced of mode === 'baseline' ? [false] : benchConfig.tracing) {
        console.log(`  ${mode} on ${engine}${traced ? ' with traces' : ''}: ${loadAverage()} load average before`);
        const burst = parts.has('burst') ? burstN : null;
        const figures = await acceptFigures(mode, { rates, seconds: acceptSeconds, burstN: burst }, engine, traced);
        rateFigures.push(...figures.rates);
        if (figures.burst) burstFigures.push(figures.burst);
      }
  }
  if (rateFigures.length) {
    console.log(`\n${rateTable(rateFigures)}\n\nCPU ms per request over the sending window, by process:\n${cpuTable(rateFigures)}`);
    console.log(`\nCPU ms per delivered send (the window and the drain after it), by process:\n${cpuTable(rateFigures, 'delivered')}`);
  }
  if (burstFigures.length) console.log(`\n${burstTable(burstFigures)}`);
}

async function batches() {
  console.log(`\nbatch accept: ${benchConfig.batchEmails} emails as single sends, then as batches of 100`);
  const figures: BatchFigure[] = [];
  for (const mode of ['embedded', 'distributed'] as AcceptMode[]) {
    if (!benchConfig.modes.has(mode)) continue;
    const unavailable = mode === 'distributed' ? await distributedUnavailable() : null;
    if (unavailable) {
      console.log(`  distributed skipped: ${unavailable}`);
      continue;
    }
    figures.push(await batchFigure(mode, benchConfig.batchEmails));
  }
  if (figures.length) console.log(`\n${batchTable(figures)}`);
}

async function smtp() {
  const { smtpN, smtpRounds, concurrency } = benchConfig;
  process.stdout.write(`\nSMTP submission against POST /emails (embedded): ${smtpN} each, ${concurrency} in flight, ${smtpRounds} rounds `);
  console.log(`\n${smtpTable(await smtpAgainstApi(smtpN, smtpRounds, concurrency))}`);
}

async function main() {
  console.log(`bench: ${os.cpus().length} CPUs, node ${process.version}, load average ${loadAverage()}`);
  if (benchConfig.parts.has('throughput')) await throughput();
  if (benchConfig.parts.has('accept') || benchConfig.parts.has('burst')) await acceptAndBurst();
  if (benchConfig.parts.has('batch')) await batches();
  if (benchConfig.parts.has('smtp')) await smtp();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
