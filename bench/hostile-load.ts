/**
 * Issue #26's lock-out as a load: a tenant sends at 50/s for BENCH_HOSTILE_SECONDS (default 20) alone, then while
 * `bench/stalled-attacker.ts` stalls 400 bodies on `POST /unsubscribe` and 400 on `POST /emails` (`hold`; `retry` also
 * reopens refused connections), then under issue #39's inbound bomb. Target: p99 < 100 ms and no 503. Run with
 * `npx tsx -C mailplane-source bench/hostile-load.ts`; BENCH_MODES, BENCH_HOSTILE_PHASES pick. See BENCHMARKS.md.
 */
import { spawnBin, type ServiceProcess } from '../test/support/processes';
import { sender } from './accept-capacity';
import { startTarget, type AcceptMode, type AcceptTarget } from './accept-targets';
import { ADMIN_TOKEN, jsonClient } from './common';
import { openLoop, type OpenLoopResult } from './open-loop';
import { markdownTable } from './report';
import { fmt, stat } from './volume-stats';
import { benchConfig } from './config';

const RATE = 50;
const STALLED = { public: 400, tenant: 400 };
const BOMB = { clients: 2, signatures: 500, megabytes: 4 };
const P99_TARGET_MS = 100;
const seconds = benchConfig.hostileSeconds;
const modes = benchConfig.hostileModes as AcceptMode[];

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

interface Attacked {
  result: OpenLoopResult;
  outcome: string;
}

/** An attacking process: how to start it, the line that says it is attacking, and its last line as one note. */
interface Attacker {
  start(): ServiceProcess;
  ready: RegExp;
  describe(last: Record<string, unknown>): string;
}

const counts = (answers: Record<string, number>) => Object.entries(answers).map(([status, n]) => `${status}×${n}`);

const stalledBodies = (url: string, key: string, style: 'hold' | 'retry'): Attacker => ({
  start: () =>
    spawnBin('stalled-attacker', ['bench/stalled-attacker.ts', url, key, String(STALLED.public), String(STALLED.tenant), style], {}),
  ready: /holding/,
  describe: (seen) => {
    const { answers, opened, heldAtEnd } = seen as { answers: Record<string, number>; opened: number; heldAtEnd: number };
    return `${opened} connections opened, ${heldAtEnd} bodies held at the end; ${counts(answers).join(' ') || 'none answered'}`;
  },
});

const inboundBombs = (inbound: NonNullable<AcceptTarget['inbound']>): Attacker => ({
  start: () =>
    spawnBin(
      'inbound-bomber',
      [
        'bench/inbound-bomber.ts',
        inbound.host,
        String(inbound.port),
        inbound.to,
        String(BOMB.clients),
        String(BOMB.signatures),
        String(BOMB.megabytes),
      ],
      {},
    ),
  ready: /bombing/,
  describe: (seen) => {
    const { answers, sent } = seen as { answers: Record<string, number>; sent: number };
    return `${sent} bombs (${BOMB.signatures} DKIM signatures, ${BOMB.megabytes} MB) sent; replies ${counts(answers).join(' ') || 'none'}`;
  },
});

async function underAttack(attackers: Attacker[], send: (k: number) => Promise<number>): Promise<Attacked> {
  const procs = attackers.map((a) => a.start());
  await Promise.all(procs.map((proc, i) => proc.waitForOutput(attackers[i].ready, 60_000)));
  const result = await openLoop(RATE, seconds, send);
  await Promise.all(procs.map((proc) => proc.kill()));
  const outcomes = procs.map((proc, i) => attackers[i].describe(JSON.parse(proc.output().trim().split('\n').pop() as string)));
  return { result, outcome: outcomes.join('; ') };
}

/** One mode: the sender alone, then under each attack, in the same run; the attacker's outcomes as lines. */
async function hostileRun(mode: AcceptMode): Promise<{ rows: string[][]; notes: string[] }> {
  const target = await startTarget(mode);
  const client = jsonClient(target.url, 1024);
  try {
    const tenant = await client.call('POST', '/admin/tenants', { authorization: `Bearer ${ADMIN_TOKEN}` }, { name: 'hostile' });
    if (tenant.status !== 201) throw new Error(`hostile tenant not created: ${tenant.status}`);
    const errors: Record<string, number> = {};
    const send = sender(client, target, (err) => {
      const code = (err as NodeJS.ErrnoException).code ?? err.message;
      errors[code] = (errors[code] ?? 0) + 1;
    });
    // Unmeasured: the identity's sealed key opened, compiled code and open connections, as in a running platform.
    for (let k = 0; k < 20; k++) await send(-1 - k);
    await openLoop(RATE, 1, (k) => send(-1000 - k));
    const alone = await openLoop(RATE, seconds, send);
    const aloneP99 = stat(alone.latencies).p99;
    const rows = [row(target.mode, 'alone', alone)];
    const notes: string[] = [];
    const key = tenant.body.apiKey.key as string;
    const phases: [string, Attacker[]][] = [
      ['hold', [stalledBodies(target.url, key, 'hold')]],
      ['retry', [stalledBodies(target.url, key, 'retry')]],
      ...(target.inbound
        ? ([
            ['inbound bomb', [inboundBombs(target.inbound)]],
            ['inbound bomb + hold', [inboundBombs(target.inbound), stalledBodies(target.url, key, 'hold')]],
          ] as [string, Attacker[]][])
        : []),
    ];
    const chosen = phases.filter(([name]) => benchConfig.hostilePhases.includes(name));
    for (const [p, [name, attackers]] of chosen.entries()) {
      const attacked = await underAttack(attackers, (k) => send(1_000_000 * (p + 1) + k));
      rows.push(row(target.mode, `attack: ${name}`, attacked.result, aloneP99));
      notes.push(`${target.mode}, ${name}: ${attacked.outcome}`);
    }
    const failed = Object.entries(errors).map(([code, n]) => `${code}×${n}`);
    if (failed.length) notes.push(`${target.mode}: the sender's connection errors: ${failed.join(' ')}`);
    return { rows, notes };
  } finally {
    client.close();
    await target.stop();
  }
}

async function main() {
  console.log(`hostile load: ${RATE}/s for ${seconds} s alone, then with ${STALLED.public} + ${STALLED.tenant} stalled bodies`);
  const rows: string[][] = [];
  const notes: string[] = [];
  for (const mode of modes) {
    const run = await hostileRun(mode);
    rows.push(...run.rows);
    notes.push(...run.notes);
    console.log(`  ${run.rows.map((r) => `${r[1]}: p99 ${r[6]} ms ${r[4]}`).join('; ')}`);
  }
  const head = ['mode', 'phase', 'sent', '202', 'other', 'p50 ms', 'p99 ms', 'max ms', 'p99 vs alone', `p99 < ${P99_TARGET_MS} ms, no 503`];
  console.log(`\n${markdownTable(head, rows)}\n\n${notes.join('\n')}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
