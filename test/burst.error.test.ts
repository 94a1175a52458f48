import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSandboxDns, type SandboxDns } from '../sandbox/dns-server';
import { startSmtpSink, type SmtpSink } from '../sandbox/smtp-sink';
import { burst, countByStatus, probeHealthUntil } from './support/burst';
import { describeWithRabbit } from './support/env';
import { distributedEnv, startService, verifiedTenant } from './support/distributed';
import { headerOf } from './support/mail';
import { BANNER_API_KEY, spawnEmbedded, type ServiceProcess } from './support/processes';
import { removeDir } from './support/platform';

const N = 500;
const UNLIMITED = { SEND_RATE_LIMIT: '100000', DEFAULT_MONTHLY_QUOTA: '1000000' };

/** What a platform under test gives the burst: where to send, as whom, from which address. */
interface Target {
  url: string;
  key: string;
  from: string;
}

/**
 * N sends at once, each on a connection of its own as independent clients send them, with /healthz probed on
 * fresh connections meanwhile. The platform runs in processes of its own, so the burst's client does not share
 * its event loop.
 */
async function expectBurstAnswered(target: Target, sink: SmtpSink) {
  const sends = burst(target.url, target.key, N, (i) => ({ from: target.from, to: `r${i}@example.org`, subject: `burst ${i}`, text: 'x' }));
  const probes = await probeHealthUntil(target.url, sends);
  const answers = await sends;

  // Each probe waits to be accepted behind the burst's connections: 0.5–1.5 s before the gateway paced its
  // requests, ~0.2 s since, with this process sending the burst on the same two cores.
  expect(probes.map((p) => p.status)).toEqual(probes.map(() => 200));
  expect(Math.max(...probes.map((p) => p.ms))).toBeLessThan(500);
  const counts = countByStatus(answers);
  expect(Object.keys(counts).filter((status) => !['202', '429', '503'].includes(status))).toEqual([]);
  expect(counts[202]).toBeGreaterThan(0);
  for (const refused of answers.filter((a) => a.status !== 202)) expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
  const accepted = answers.filter((a) => a.status === 202).map((a) => a.id as string);
  for (const id of accepted) await sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === id, 30_000);
  expect(new Set(accepted).size).toBe(accepted.length);
}

const CLAIM = `when ${N} sends arrive at once, then each is 202 or 429/503 with Retry-After, /healthz answers within 0.5 s, and every 202 is delivered`;

describe('a burst of sends against the embedded default', () => {
  let dataDir: string;
  let sink: SmtpSink;
  let proc: ServiceProcess;
  let target: Target;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-burst-'));
    sink = await startSmtpSink();
    proc = spawnEmbedded({
      DATA_DIR: dataDir,
      PORT: '0',
      SANDBOX_PORT: '0',
      HOST: '127.0.0.1',
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      ...UNLIMITED,
    });
    const url = (await proc.waitForOutput(/running at (http:\/\/\S+)/, 60_000))[1];
    target = { url, key: (await proc.waitForOutput(BANNER_API_KEY))[1], from: 'hello@sandbox.mailplane.test' };
  }, 90_000);
  afterAll(async () => {
    await proc?.kill();
    await sink.stop();
    removeDir(dataDir);
  });

  it(CLAIM, () => expectBurstAnswered(target, sink), 90_000);
});

describeWithRabbit('a burst of sends against the distributed mode', (amqpUrl) => {
  const procs = new Map<string, ServiceProcess>();
  let dataDir: string;
  let dns: SandboxDns;
  let sink: SmtpSink;
  let target: Target;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-burst-dist-'));
    dns = await startSandboxDns();
    sink = await startSmtpSink();
    const env = distributedEnv(amqpUrl, dataDir, {
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      DNS_SERVERS: `127.0.0.1:${dns.port}`,
      ...UNLIMITED,
    });
    const start = (name: string) => startService(procs, name, env);
    await Promise.all(['billing', 'mail', 'webhooks'].map(start));
    const url = (await start('gateway'))!;
    const { key } = await verifiedTenant(url, dns, 'burst.example.test');
    target = { url, key, from: 'hello@burst.example.test' };
  }, 120_000);
  afterAll(async () => {
    await Promise.all([...procs.values()].map((p) => p.kill()));
    await sink.stop();
    await dns.stop();
    removeDir(dataDir);
  });

  it(CLAIM, () => expectBurstAnswered(target, sink), 90_000);
});
