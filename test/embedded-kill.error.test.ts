import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSmtpSink, type SinkTransaction, type SmtpSink } from '../sandbox/smtp-sink';
import { expectEveryKeyOnce, holdTransactionsOpen } from './support/crash-run';
import { startKeyedSender } from './support/keyed-sends';
import { BANNER_API_KEY, spawnEmbedded, type ServiceProcess } from './support/processes';
import { engineEnv, storeEngines } from './support/engines';
import { removeDir } from './support/platform';

const RPC_TIMEOUT_MS = 4000;
// An Idempotency-Key's lease: the request's deadline (under RPC_TIMEOUT_MS) plus a second for the answer, plus slack.
const KEY_LEASE_BOUND_MS = RPC_TIMEOUT_MS + 2000;

// The embedded default as `npm start` runs it, killed with -9 while a client keeps retrying keyed sends; its
// stores in SQLite files (the default) and, when the run has PostgreSQL, in PostgreSQL (DATABASE_URL).
describe.each(storeEngines())('embedded default SIGKILLed under keyed sends, stores on %s', (engine) => {
  let engineSetup: Awaited<ReturnType<typeof engineEnv>>;
  let dataDir: string;
  let sink: SmtpSink;
  let proc: ServiceProcess | null = null;

  const start = async () => {
    proc = spawnEmbedded({
      DATA_DIR: dataDir,
      PORT: '0',
      SANDBOX_PORT: '0',
      HOST: '127.0.0.1',
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
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
    return (await proc.waitForOutput(/running at (http:\/\/\S+)/, 60_000))[1];
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-kill-'));
    engineSetup = await engineEnv(engine);
    // The recipient's MTA, in the test process so it outlives the kill and says which transactions it cut.
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await proc?.kill();
    await sink.stop();
    await engineSetup?.drop();
    removeDir(dataDir);
  });

  it('when it is killed mid-run and restarted, then every key ends in one 202 and one message, none stays in flight, and every accepted email arrives, twice only if its transaction was open', async () => {
    let url = await start();
    const apiKey = (await proc!.waitForOutput(BANNER_API_KEY))[1];
    let up = settled();
    const sender = startKeyedSender({
      url: () => url,
      apiKey,
      concurrency: 6,
      reachable: () => up.promise,
      body: (n) => ({ from: 'hello@sandbox.mailplane.test', to: `r${n}@example.org`, subject: `kill ${n}`, text: 'x' }),
    });

    await sink.waitFor(() => sink.count() >= 20, 30_000);
    await holdTransactionsOpen(sink, url, apiKey);
    const keysBefore = sender.keys.length;
    up = pending();
    const killMark = sink.mark();
    const killedAt = Date.now();
    await proc!.kill('SIGKILL');
    sink.holdReplies(false);
    const restartMark = sink.mark();
    url = await start();
    up.resolve();
    await sender.accepted(keysBefore + 20);
    await sender.finish();

    // Requests were cut by the kill: the client saw connections fail.
    expect(sender.answers.filter((a) => a.status === 0).length).toBeGreaterThan(0);
    const openAtKill = (t: SinkTransaction) => t.openedAt < restartMark && (t.answeredAt === null || t.answeredAt > killMark);
    expect(sink.transactions().filter((t) => t.message && openAtKill(t)).length).toBeGreaterThan(0);
    const extra = await expectEveryKeyOnce({ sender, url, apiKey, sink }, { inFlightBound: killedAt + KEY_LEASE_BOUND_MS, openAtKill });
    process.stdout.write(`embedded kill (${engine}): ${sender.keys.length} keys, ${extra} extra copies at the MTA\n`);
  }, 120_000);
});

function pending() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

function settled(): { promise: Promise<void>; resolve(): void } {
  return { promise: Promise.resolve(), resolve: () => undefined };
}
