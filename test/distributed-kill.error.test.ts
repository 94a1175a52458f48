import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSandboxDns, type SandboxDns } from '../sandbox/dns-server';
import { startSmtpSink, type SinkTransaction, type SmtpSink } from '../sandbox/smtp-sink';
import { expectEveryKeyOnce, holdTransactionsOpen } from './support/crash-run';
import { distributedEnv, startService, verifiedTenant } from './support/distributed';
import { describeWithRabbit } from './support/env';
import { startKeyedSender } from './support/keyed-sends';
import type { ServiceProcess } from './support/processes';
import { rabbitFromEnv } from './support/rabbitmq';
import { removeDir } from './support/platform';
import { engineEnv, storeEngines, type Engine } from './support/engines';

const RPC_TIMEOUT_MS = 4000;
// An Idempotency-Key's lease: the request's deadline (under RPC_TIMEOUT_MS) plus a second for the answer, plus slack.
const KEY_LEASE_BOUND_MS = RPC_TIMEOUT_MS + 2000;
const always = async () => undefined;

// The gateway and the mail service as processes of their own over the run's private RabbitMQ; billing and
// webhooks take no part in a send.
describeWithRabbit('distributed mode: crashes under keyed sends', () => {
  describe.each(storeEngines())('stores on %s', (engine) => suite(engine));
});

function suite(engine: Engine) {
  const procs = new Map<string, ServiceProcess>();
  let url: string;
  let dataDir: string;
  let dns: SandboxDns;
  let sink: SmtpSink;
  let env: Record<string, string>;

  const start = (name: string) => startService(procs, name, env);

  let engineSetup: Awaited<ReturnType<typeof engineEnv>> | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-dist-kill-'));
    engineSetup = await engineEnv(engine);
    // The DNS the tenant publishes in, and the recipient's MTA, which outlives the kills and journals transactions.
    dns = await startSandboxDns();
    sink = await startSmtpSink();
    env = distributedEnv(process.env.AMQP_URL!, dataDir, {
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      DNS_SERVERS: `127.0.0.1:${dns.port}`,
      RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS),
      SEND_LEASE_MS: '3000',
      OUTBOX_SWEEP_MS: '200',
      RETRY_SCHEDULE: '200ms,500ms,1s,1s,2s,2s,3s,3s',
      SEND_RATE_LIMIT: '100000',
      DEFAULT_MONTHLY_QUOTA: '1000000',
      SEND_CONCURRENCY: '4',
      SMTP_POOL_SIZE: '2',
      DELIVERY_THREADS: '1',
      ...engineSetup.env,
    });
    await start('mail');
    url = (await start('gateway'))!;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...procs.values()].map((p) => p.kill()));
    await sink.stop();
    await dns.stop();
    await engineSetup?.drop();
    removeDir(dataDir);
  });

  const tenantWithDomain = async (domain: string) => (await verifiedTenant(url, dns, domain)).key;

  const keyedSends = (apiKey: string, domain: string) =>
    startKeyedSender({
      url: () => url,
      apiKey,
      concurrency: 6,
      reachable: always,
      body: (n) => ({ from: `a@${domain}`, to: `r${n}@example.org`, subject: `kill ${n}`, text: 'x' }),
    });

  it('when the mail service is SIGKILLed mid-run and restarted, then every key ends in one 202 and one message, none stays in flight, and duplicates come only from open transactions', async () => {
    const apiKey = await tenantWithDomain('kill.example.test');
    const sender = keyedSends(apiKey, 'kill.example.test');
    await sender.accepted(20);
    await holdTransactionsOpen(sink, url, apiKey);
    const keysBefore = sender.keys.length;
    const killMark = sink.mark();
    const killedAt = Date.now();
    await procs.get('mail')!.kill('SIGKILL');
    sink.holdReplies(false);
    const restartMark = sink.mark();
    await start('mail');
    const restartedAt = Date.now();
    await sender.accepted(keysBefore + 20);
    await sender.finish();

    // Sends went on through the kill (20 more were accepted above). Whether any was answered while mail was down
    // depends on how fast it came back (requests wait for it in RabbitMQ until RPC_TIMEOUT_MS, then 504), and so does
    // whether the gateway had to refuse any: both are reported, not required.
    const refused = sender.answers.filter((a) => a.status === 503 || a.status === 504).length;
    const duringOutage = sender.answers.filter((a) => a.at > killedAt && a.at < restartedAt).length;
    const openAtKill = (t: SinkTransaction) => t.openedAt < restartMark && (t.answeredAt === null || t.answeredAt > killMark);
    expect(sink.transactions().filter((t) => t.message && openAtKill(t)).length).toBeGreaterThan(0);
    const extra = await expectEveryKeyOnce({ sender, url, apiKey, sink }, { inFlightBound: killedAt + KEY_LEASE_BOUND_MS, openAtKill });
    process.stdout.write(
      `distributed mail kill: ${sender.keys.length} keys, ${extra} extra copies at the MTA, ${refused} answers 503/504, ${duringOutage} answered while mail was down\n`,
    );
  }, 120_000);

  // The broker's restart is about the broker: run once, on the default store.
  const rabbit = engine === 'sqlite' ? rabbitFromEnv() : undefined;
  if (engine === 'sqlite' && !rabbit)
    process.stderr.write('SKIPPED the RabbitMQ restart run: AMQP_URL points at a broker this run did not start\n');

  (rabbit ? it : it.skip)(
    'when RabbitMQ restarts mid-run, then every key ends in one 202 and one message, none stays in flight, and no email reaches the MTA twice',
    async () => {
      const apiKey = await tenantWithDomain('broker.example.test');
      const sender = keyedSends(apiKey, 'broker.example.test');
      await sender.accepted(20);
      const keysBefore = sender.keys.length;
      await rabbit!.stopApp();
      // The outage is seen: sends are refused (nothing forwarded) or their outcome is unknown.
      await sender.answered((answers) => answers.some((a) => a.status === 503 || a.status === 504));
      await rabbit!.startApp();
      const restartedAt = Date.now();
      await sender.accepted(keysBefore + 20);
      await sender.finish();

      // No process died and no SMTP transaction was cut: not one duplicate is explained.
      const extra = await expectEveryKeyOnce(
        { sender, url, apiKey, sink },
        { inFlightBound: restartedAt + KEY_LEASE_BOUND_MS, openAtKill: () => false },
      );
      expect(extra).toBe(0);
    },
    120_000,
  );
}
