import { performance } from 'node:perf_hooks';
import { burst, countByStatus } from '../test/support/burst';
import { spawnBin } from '../test/support/processes';
import { jsonClient, payload, type JsonClient } from './common';
import { startTarget, type AcceptMode, type AcceptTarget, type Engine } from './accept-targets';
import { cpuMeter } from './cpu-time';
import { openLoop } from './open-loop';
import { fmt, stat } from './volume-stats';

export interface RateFigure {
  mode: string;
  rate: number;
  sent: number;
  accepted: number;
  acceptedPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  other: string;
  /** CPU time per request sent, by process (group), over the run; delivery of what it accepted runs meanwhile. */
  cpuMsPerRequest: Record<string, number>;
  /** CPU time per accepted send, by process, from the run's start until the MTA held all it accepted. */
  cpuMsPerDelivered?: Record<string, number>;
  /** How long after the run's last request the MTA held every accepted message (null: not observable). */
  drainSeconds?: number | null;
}

export interface BurstFigure {
  mode: string;
  n: number;
  statuses: Record<number, number>;
  seconds: number;
  acceptedP50: number;
  acceptedMax: number;
  healthz: { n: number; p50: number; max: number; failures: string[] };
}

/** The load generator's own process (clients, the discarding MTA, DNS), shown beside the platform's total. */
export const BENCH_SELF = 'bench itself';

const DRAIN_TIMEOUT_MS = 300_000;
const WARM_UP_SECONDS = 1;
const maxOf = (xs: number[]) => (xs.length ? Math.max(...xs) : NaN);
const otherStatuses = (statuses: Record<number, number>) =>
  Object.entries(statuses)
    .filter(([status]) => status !== '202')
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');

/** One send as the bench's clients make it; a connection error counts as status 0 (and is told to `onError`). */
export function sender(client: JsonClient, target: AcceptTarget, onError: (err: Error) => void = () => undefined) {
  const auth = { authorization: `Bearer ${target.key}` };
  const domain = target.from.split('@')[1];
  return (k: number) =>
    client.call('POST', '/emails', auth, { ...payload(k, domain), from: target.from }).then(
      (res) => res.status,
      (err: Error) => (onError(err), 0),
    );
}

/** Waits until the MTA holds every message accepted so far, so one rate's delivery backlog does not weigh on the next. */
async function drained(target: AcceptTarget, accepted: number) {
  const deadline = performance.now() + DRAIN_TIMEOUT_MS;
  for (;;) {
    const delivered = target.delivered();
    if (delivered === null || delivered >= accepted) return;
    if (performance.now() > deadline) throw new Error(`${target.mode}: ${delivered} of ${accepted} accepted messages delivered`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const perUnit = (cpu: Record<string, number>, n: number) => Object.fromEntries(Object.entries(cpu).map(([name, ms]) => [name, ms / n]));

/** The rate's figure, and a reading of the CPU used by each process since the rate began (for once it has drained). */
async function atRate(target: AcceptTarget, client: JsonClient, rate: number, seconds: number) {
  const cpuSince = cpuMeter({ ...target.cpuGroups(), [BENCH_SELF]: [process.pid] }).start();
  const run = await openLoop(rate, seconds, sender(client, target));
  const cpu = cpuSince();
  const { p50, p99 } = stat(run.latencies);
  const figure: RateFigure = {
    mode: target.mode,
    rate,
    sent: run.latencies.length,
    accepted: run.statuses[202] ?? 0,
    acceptedPerSecond: (run.statuses[202] ?? 0) / run.seconds,
    p50,
    p99,
    max: maxOf(run.latencies),
    other: otherStatuses(run.statuses),
    cpuMsPerRequest: perUnit(cpu, run.latencies.length),
  };
  return { figure, cpuSince };
}

async function burstOf(target: AcceptTarget, n: number): Promise<BurstFigure> {
  const probe = spawnBin('healthz-probe', ['bench/healthz-probe.ts', target.url, '50'], {});
  await probe.waitForOutput(/probing/, 60_000);
  const domain = target.from.split('@')[1];
  const [from, started] = [Date.now(), performance.now()];
  const answers = await burst(target.url, target.key, n, (i) => ({ ...payload(i, domain), from: target.from }));
  const seconds = (performance.now() - started) / 1000;
  const until = Date.now();
  await probe.kill();
  const report = JSON.parse(probe.output().trim().split('\n').pop() as string) as {
    samples: Array<{ at: number; ms: number }>;
    failures: string[];
  };
  const during = report.samples.filter((s) => s.at >= from && s.at <= until).map((s) => s.ms);
  const health = stat(during);
  const acceptedMs = answers.filter((a) => a.status === 202).map((a) => a.ms);
  const accepted = stat(acceptedMs);
  return {
    mode: target.mode,
    n,
    statuses: countByStatus(answers),
    seconds,
    acceptedP50: accepted.p50,
    acceptedMax: maxOf(acceptedMs),
    healthz: { n: during.length, p50: health.p50, max: maxOf(during), failures: report.failures },
  };
}

/** One mode: started, warmed up (sealed key opened, a second at the top rate), then each rate and the burst, drained between. */
export async function acceptFigures(
  mode: AcceptMode,
  options: { rates: number[]; seconds: number; burstN: number | null },
  engine: Engine = 'sqlite',
  traced = false,
): Promise<{ rates: RateFigure[]; burst: BurstFigure | null }> {
  const target = await startTarget(mode, engine, traced);
  const client = jsonClient(target.url, 4096);
  try {
    const send = sender(client, target);
    let accepted = 0;
    for (let k = 0; k < 20; k++) if ((await send(-1 - k)) === 202) accepted++;
    if (accepted === 0) throw new Error(`${target.mode}: warm-up sends were not accepted`);
    // Then a second at the highest rate, not counted: compiled code and open connections, as in a running platform.
    const warm = await openLoop(Math.max(...options.rates), WARM_UP_SECONDS, (k) => send(-1000 - k));
    accepted += warm.statuses[202] ?? 0;
    const rates: RateFigure[] = [];
    await drained(target, accepted);
    for (const rate of options.rates) {
      const { figure, cpuSince } = await atRate(target, client, rate, options.seconds);
      accepted += figure.accepted;
      const windowEnd = performance.now();
      await drained(target, accepted);
      figure.drainSeconds = target.delivered() === null ? null : (performance.now() - windowEnd) / 1000;
      if (figure.drainSeconds !== null && figure.accepted > 0) figure.cpuMsPerDelivered = perUnit(cpuSince(), figure.accepted);
      rates.push(figure);
      process.stdout.write(`  ${target.mode} at ${rate}/s: p50 ${fmt(figure.p50)} ms, p99 ${fmt(figure.p99)} ms ${figure.other}\n`);
    }
    if (options.burstN === null) return { rates, burst: null };
    return { rates, burst: await burstOf(target, options.burstN) };
  } catch (err) {
    const logs = target.procs.map((p) => `--- ${p.name} ---\n${p.output().split('\n').slice(-15).join('\n')}`).join('\n');
    throw new Error(`${(err as Error).message}\n${logs}`);
  } finally {
    client.close();
    await target.stop();
  }
}
