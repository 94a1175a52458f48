// npm run bench:volume [-- --sizes 10000,100000,1000000] [--engines sqlite,postgres] [--no-floor] [--first-minute]:
// per size, seed once under VOLUME_DIR, start the embedded platform, measure start-up, memory and the API (with
// --first-minute, first the minute after its first answer), then the engine floor; with DATABASE_URL, on PostgreSQL too.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { NODE_FLAGS } from '../platform/node-flags';
import { UNLIMITED } from './common';
import { benchConfig } from './config';
import { measureApi, measureFirstMinute } from './volume-api';
import { benchDatabase } from './bench-database';
import { measureEngine } from './volume-engine';
import { fmt, type Stat } from './volume-stats';

const ROOT = path.resolve(__dirname, '..');
const TSX = [...NODE_FLAGS, '--import', 'tsx'];

const rssMiB = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  return line ? Math.round(Number(line[1]) / 1024) : NaN;
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

type Engine = 'sqlite' | 'postgres';

async function seeded(dir: string, n: number, storeEnv: Record<string, string | undefined>): Promise<string> {
  const log = path.join(dir, 'seed.log');
  const key = () => (existsSync(log) ? /API key: (\S+)/.exec(readFileSync(log, 'utf8'))?.[1] : undefined);
  if (key()) return key() as string;
  mkdirSync(dir, { recursive: true });
  console.log(`seeding ${n} messages into ${dir} ...`);
  const child = spawn(process.execPath, [...TSX, 'bench/seed.ts', '--count', String(n)], {
    cwd: ROOT,
    env: { ...storeEnv, DATA_DIR: dir },
  });
  const out: Buffer[] = [];
  child.stdout?.on('data', (d: Buffer) => out.push(d));
  child.stderr?.on('data', (d: Buffer) => out.push(d));
  await exited(child);
  writeFileSync(log, Buffer.concat(out));
  if (!key()) throw new Error(`seeding failed: ${Buffer.concat(out).toString().slice(-2000)}`);
  return key() as string;
}

async function startPlatform(dir: string, storeEnv: Record<string, string | undefined>) {
  const port = await freePort();
  const env = { ...storeEnv, ...UNLIMITED, DATA_DIR: dir, PORT: String(port), SANDBOX_PORT: '0', LOG_LEVEL: 'error' };
  const started = performance.now();
  const child = spawn(process.execPath, [...TSX, 'bin/embedded.ts'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null || tries > 1200) throw new Error(`the platform did not start (exit ${child.exitCode})`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, url, startSeconds: (performance.now() - started) / 1000 };
}

/** Seconds (at most 120) until an earlier run's queued sends are delivered, so the figures are of a platform at rest. */
async function settled(url: string, apiKey: string): Promise<number> {
  const started = performance.now();
  const live = async (status: string) => {
    const res = await fetch(`${url}/emails?limit=1&status=${status}`, { headers: { authorization: `Bearer ${apiKey}` } });
    return ((await res.json()) as { total: number }).total;
  };
  while (performance.now() - started < 120_000 && (await live('queued')) + (await live('sending')) > 0) {
    await new Promise((r) => setTimeout(r, 500));
  }
  return (performance.now() - started) / 1000;
}

async function runSize(n: number, baseDir: string, engine: Engine) {
  const dir = path.join(baseDir, engine === 'sqlite' ? String(n) : `${n}-postgres`);
  const { DATABASE_URL: _, ...withoutDatabase } = benchConfig.childEnv;
  const storeEnv =
    engine === 'postgres' ? { ...withoutDatabase, DATABASE_URL: await benchDatabase(benchConfig.databaseUrl!, `v${n}`) } : withoutDatabase;
  const apiKey = await seeded(dir, n, storeEnv);
  const { child, url, startSeconds } = await startPlatform(dir, storeEnv);
  const pid = child.pid as number;
  const rows: Record<string, string> = { 'start-up (s)': startSeconds.toFixed(2), 'RSS after start (MiB)': String(rssMiB(pid, 'VmRSS')) };
  const errors: string[] = [];
  const add = (prefix: string, stats: Record<string, Stat>) => {
    for (const [name, s] of Object.entries(stats)) {
      rows[`${prefix}${name} p50/p99 ms`] = `${fmt(s.p50)} / ${fmt(s.p99)}`;
      if (s.error) errors.push(`${n} ${name}: ${s.error}`);
    }
  };
  try {
    const identities = await fetch(`${url}/identities`, { headers: { authorization: `Bearer ${apiKey}` } }).then((r) => r.json());
    const identityId = (identities as { data: Array<{ id: string }> }).data[0].id;
    if (process.argv.includes('--first-minute')) add('', await measureFirstMinute(url, apiKey, identityId));
    rows['settled after (s)'] = (await settled(url, apiKey)).toFixed(1);
    add('', await measureApi(url, apiKey, identityId));
    rows['RSS after load (MiB)'] = String(rssMiB(pid, 'VmRSS'));
    rows['peak RSS (MiB)'] = String(rssMiB(pid, 'VmHWM'));
  } finally {
    child.kill('SIGTERM');
    await Promise.race([exited(child), new Promise((r) => setTimeout(r, 15_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  // SQLite only (PostgreSQL: bench/history/2026-11-27-volume-postgres.md); its regex counts are the run's slowest part.
  if (engine === 'sqlite' && !process.argv.includes('--no-floor')) add('engine: ', await measureEngine(dir));
  return { rows, errors };
}

async function main() {
  const at = process.argv.indexOf('--sizes');
  const sizes = (at > 0 ? process.argv[at + 1] : '10000,100000,1000000').split(',').map(Number);
  const baseDir = benchConfig.volumeDir ?? path.join(os.tmpdir(), 'mailplane-volume');
  const named = process.argv.indexOf('--engines');
  const engines: Engine[] =
    named > 0 ? (process.argv[named + 1].split(',') as Engine[]) : benchConfig.databaseUrl ? ['sqlite', 'postgres'] : ['sqlite'];
  const columns = sizes.flatMap((n) => engines.map((engine) => ({ n, engine, label: engines.length > 1 ? `${n} ${engine}` : String(n) })));
  const results: Record<string, Record<string, string>> = {};
  const errors: string[] = [];
  for (const { n, engine, label } of columns) {
    const r = await runSize(n, baseDir, engine);
    results[label] = r.rows;
    errors.push(...r.errors);
    console.log(`${label}: done`);
  }
  const names = [...new Set(Object.values(results).flatMap((r) => Object.keys(r)))];
  const width = Math.max(...names.map((s) => s.length));
  console.log(`\n${''.padEnd(width)}  ${columns.map((c) => c.label.padStart(18)).join('')}`);
  for (const name of names)
    console.log(`${name.padEnd(width)}  ${columns.map((c) => (results[c.label][name] ?? '-').padStart(18)).join('')}`);
  if (errors.length) console.log(`\nfailed requests:\n${errors.join('\n')}`);
  console.log(`\n${os.cpus().length} cores, Node ${process.version}; data under ${baseDir}`);
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
