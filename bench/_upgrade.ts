import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { NODE_FLAGS } from '../platform/node-flags';
import { freePort } from '../test/support/rabbitmq';
import { UNLIMITED } from './common';
const [dbUrl, dir, key] = process.argv.slice(2);
(async () => {
  const port = await freePort();
  const admin = new pg.Client({ connectionString: dbUrl }); await admin.connect();
  const env = { ...process.env, DATABASE_URL: dbUrl, DATA_DIR: dir, PORT: String(port), SANDBOX_PORT: '0', LOG_LEVEL: 'error', ...UNLIMITED };
  const t0 = performance.now();
  const child = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', 'bin/embedded.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (;;) { if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) break; await new Promise((r) => setTimeout(r, 50)); }
  console.log(`start-up ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const lat: number[] = []; let built = 0; const statuses: Record<number, number> = {};
  const sendEnd = performance.now() + 30_000; let k = 0;
  const sends: Promise<void>[] = [];
  const poll = (async () => { for (;;) { const { rows } = await admin.query(`select count(*)::int n from pg_index i join pg_class t on t.oid=i.indrelid join pg_namespace n on n.oid=t.relnamespace where n.nspname='mailplane_mail' and t.relname='messages' and i.indpred is not null and i.indisvalid`); const { rows: full } = await admin.query(`select count(*)::int n from pg_class where relname in ('messages_bb89370d0353','messages_524b4425acd5','messages_d9ea99bca885','messages_687b654a7ad2')`); if (rows[0].n === 4 && full[0].n === 0) { built = (performance.now() - t0) / 1000; return; } await new Promise((r) => setTimeout(r, 200)); } })();
  while (performance.now() < sendEnd) {
    const due = performance.now();
    sends.push(fetch(`${url}/emails`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ from: 'Bench <bench@sandbox.mailplane.test>', to: `u${k++}@example.org`, subject: 'up', text: 'hi' }) }).then(async (r) => { await r.text(); statuses[r.status] = (statuses[r.status] ?? 0) + 1; lat.push(performance.now() - due); }));
    await new Promise((r) => setTimeout(r, 50));
  }
  await Promise.all(sends);
  await Promise.race([poll, new Promise((r) => setTimeout(r, 120_000))]);
  lat.sort((a, b) => a - b);
  const q = (p: number) => lat[Math.ceil(p * lat.length) - 1].toFixed(1);
  console.log(`POST 20/s for 30 s from start: ${JSON.stringify(statuses)} p50 ${q(0.5)} p99 ${q(0.99)} max ${q(1)} ms`);
  console.log(`four partial indexes valid, unfiltered ones gone: ${built ? built.toFixed(1) + ' s after launch' : 'not within 2 min'}`);
  child.kill('SIGTERM'); await admin.end();
})();
