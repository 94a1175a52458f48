/**
 * Times `GET /healthz` again and again from a process of its own, as a load balancer would, so the figure is the
 * platform's and not the burst client's event loop. Each probe opens a fresh connection and waits `everyMs`
 * after the answer. Stops on SIGTERM and prints one JSON line: each probe's start (epoch ms) and latency, and
 * the failures.
 * `npx tsx bench/healthz-probe.ts <url> [everyMs]`
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const [url, everyArg] = process.argv.slice(2);
const everyMs = Number(everyArg ?? 50);
const samples: Array<{ at: number; ms: number }> = [];
const failures: string[] = [];
let running = true;

const probe = () =>
  new Promise<void>((resolve) => {
    const [at, started] = [Date.now(), performance.now()];
    const req = http.get(new URL('/healthz', url), { agent: false, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => {
        samples.push({ at, ms: Math.round((performance.now() - started) * 10) / 10 });
        if (res.statusCode !== 200) failures.push(`status ${res.statusCode}`);
        resolve();
      });
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', (err) => {
      failures.push(err.message);
      resolve();
    });
  });

async function loop() {
  process.stdout.write('probing\n');
  while (running) {
    await probe();
    await new Promise((r) => setTimeout(r, everyMs));
  }
  process.stdout.write(`${JSON.stringify({ samples, failures })}\n`);
  process.exit(0);
}

process.once('SIGTERM', () => (running = false));
void loop();
