/**
 * The lock-out of issue #26 as a load: a tenant sends at 50/s for BENCH_HOSTILE_SECONDS (default 20) alone, then as
 * long again while another process (`bench/stalled-attacker.ts`) holds 400 stalled bodies on `POST /unsubscribe`
 * and 400 on a hostile tenant's own `POST /emails`. Target: under attack the sender's p99 stays under 100 ms and
 * none of its answers is a 503. `npx tsx bench/hostile-load.ts`; BENCH_MODES picks the modes (default
 * embedded,distributed). See BENCHMARKS.md.
 */
import { spawnBin } from '../test/support/processes';
import { sender } from './accept-capacity';
import { startTarget, type AcceptMode } from './accept-targets';
import { ADMIN_TOKEN, jsonClient } from './common';
import { openLoop, type OpenLoopResult } from './open-loop';
import { markdownTable } from './report';
import { fmt, stat } from './volume-stats';

const RATE = 50;
const STALLED = { public: 400, tenant: 400 };
const P99_TARGET_MS = 100;
const seconds = Number(process.env.BENCH_HOSTILE_SECONDS ?? 20);
const modes = (process.env.BENCH_MODES ?? 'embedded,distributed').split(',').map((m) => m.trim()) as AcceptMode[];

const others = (r: OpenLoopResult) =>
  Object.entries(r.statuses)
    .filter(([status]) => status !== '202')
    .map(([status, n]) => `${status}×${n}`)
    .join(' ') || '—';

function row(mode: string, phase: string, r: OpenLoopResult, alone?: number): string[] {
  const { p50, p99 } = stat(r.latencies);
  const met = p99 < P99_TARGET_MS && !r.statuses[503];
  return [
    mode,
    phase,
    String(r.latencies.length),
    String(r.statuses[202] ?? 0),
    others(r),
    fmt(p50),
    fmt(p99),
    fmt(Math.max(...r.latencies)),
    alone ? (p99 / alone).toFixed(2) : '1.00',
    met ? 'met' : 'missed',
  ];
}

/** One mode: the sender alone, then under attack, in the same run; the attacker's outcome as a line. */
async function hostileRun(mode: AcceptMode): Promise<{ rows: string[][]; attacker: string }> {
  const target = await startTarget(mode);
  const client = jsonClient(target.url, 1024);
  try {
    const tenant = await client.call('POST', '/admin/tenants', { authorization: `Bearer ${ADMIN_TOKEN}` }, { name: 'hostile' });
    if (tenant.status !== 201) throw new Error(`hostile tenant not created: ${tenant.status}`);
    const send = sender(client, target);
    // Unmeasured: the identity's sealed key opened, compiled code and open connections, as in a running platform.
    for (let k = 0; k < 20; k++) await send(-1 - k);
    await openLoop(RATE, 1, (k) => send(-1000 - k));
    const alone = await openLoop(RATE, seconds, send);
    const args = [target.url, tenant.body.apiKey.key as string, String(STALLED.public), String(STALLED.tenant)];
    const attacker = spawnBin('stalled-attacker', ['bench/stalled-attacker.ts', ...args], {});
    await attacker.waitForOutput(/holding/, 60_000);
    const attacked = await openLoop(RATE, seconds, (k) => send(1_000_000 + k));
    await attacker.kill();
    const outcome = JSON.parse(attacker.output().trim().split('\n').pop() as string) as { answers: Record<string, number>; opened: number };
    const rows = [row(target.mode, 'alone', alone), row(target.mode, 'under attack', attacked, stat(alone.latencies).p99)];
    const answers = Object.entries(outcome.answers).map(([status, n]) => `${status}×${n}`);
    return { rows, attacker: `${target.mode}: the attacker opened ${outcome.opened} connections; ${answers.join(' ') || 'none answered'}` };
  } finally {
    client.close();
    await target.stop();
  }
}

async function main() {
  console.log(`hostile load: ${RATE}/s for ${seconds} s alone, then with ${STALLED.public} + ${STALLED.tenant} stalled bodies`);
  const rows: string[][] = [];
  const attackers: string[] = [];
  for (const mode of modes) {
    const run = await hostileRun(mode);
    rows.push(...run.rows);
    attackers.push(run.attacker);
    console.log(`  ${run.rows.map((r) => `${r[1]}: p99 ${r[6]} ms ${r[4]}`).join('; ')}`);
  }
  const head = ['mode', 'phase', 'sent', '202', 'other', 'p50 ms', 'p99 ms', 'max ms', 'p99 vs alone', `p99 < ${P99_TARGET_MS} ms, no 503`];
  console.log(`\n${markdownTable(head, rows)}\n\n${attackers.join('\n')}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
