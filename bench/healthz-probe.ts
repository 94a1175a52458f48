// Times `GET /healthz` from a process of its own, as a load balancer would, so the figure is the platform's and not the
// burst client's event loop; a fresh connection each, `everyMs` apart. SIGTERM prints one JSON line.
// `npx tsx bench/healthz-probe.ts <url> [everyMs]`
import { probeHealth } from '../test/support/burst';

const [url, everyArg] = process.argv.slice(2);
const everyMs = Number(everyArg ?? 50);
const samples: Array<{ at: number; ms: number }> = [];
const failures: string[] = [];
let running = true;

async function probe() {
  const at = Date.now();
  const { status, ms, error } = await probeHealth(url);
  if (error) failures.push(error);
  else {
    samples.push({ at, ms: Math.round(ms * 10) / 10 });
    if (status !== 200) failures.push(`status ${status}`);
  }
}

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
