import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startSmtpSink, type SinkTransaction, type SmtpSink } from '../sandbox/smtp-sink';
import { answeredIds, extraCopies, inFlightAfter, keyOutcomes, unexplainedDuplicates } from './support/crash-checks';
import { eventually } from './support/eventually';
import { startKeyedSender } from './support/keyed-sends';
import { auth, headerOf } from './support/mail';
import { spawnEmbedded, type ServiceProcess } from './support/processes';
import { removeDir } from './support/platform';

const RPC_TIMEOUT_MS = 4000;
// An Idempotency-Key's lease: the request's deadline (under RPC_TIMEOUT_MS) plus a second for the answer.
const KEY_LEASE_BOUND_MS = RPC_TIMEOUT_MS + 1000;

// The embedded default as `npm start` runs it, killed with -9 while a client keeps retrying keyed sends.
describe('embedded default SIGKILLed under keyed sends', () => {
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
    });
    return (await proc.waitForOutput(/running at (http:\/\/\S+)/, 60_000))[1];
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-kill-'));
    // The recipient's MTA, in the test process so it outlives the kill and says which transactions it cut.
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await proc?.kill();
    await sink.stop();
    removeDir(dataDir);
  });

  it('when it is killed mid-run and restarted, then every key ends in one 202 and one message, none stays in flight, and every accepted email arrives, twice only if its transaction was open', async () => {
    let url = await start();
    const apiKey = (await proc!.waitForOutput(/^\s+(mp_\S+)$/m))[1];
    let up: { promise: Promise<void>; resolve(): void } = { promise: Promise.resolve(), resolve: () => undefined };
    const sender = startKeyedSender({
      url: () => url,
      apiKey,
      concurrency: 6,
      reachable: () => up.promise,
      body: (n) => ({ from: 'hello@sandbox.mailplane.test', to: `r${n}@example.org`, subject: `kill ${n}`, text: 'x' }),
    });

    // Mid-run: the MTA holds its replies, so the kill finds SMTP transactions open with their message stored.
    await sink.waitFor(() => sink.count() >= 20, 30_000);
    sink.holdReplies(true);
    await eventually(() => sink.held().length >= 2, 'two transactions held open', 15_000);
    // Every 250 that did go out is recorded: a copy it leads to would be a duplicate no crash explains.
    const answered = answeredIds(sink);
    await eventually(
      async () => {
        const sending = await request(url).get('/emails?status=sending&limit=100').set(auth(apiKey));
        return sending.body.data.every((m: { id: string }) => !answered.has(m.id));
      },
      'every answered message recorded',
      15_000,
    );
    const keysBefore = sender.keys.length;
    up = deferred();
    const killMark = sink.mark();
    const killedAt = Date.now();
    await proc!.kill('SIGKILL');
    sink.holdReplies(false);
    const restartMark = sink.mark();
    url = await start();
    up.resolve();
    await sender.accepted(keysBefore + 20);
    await sender.finish();

    const { accepted, unsettled, twoIds } = keyOutcomes(sender.keys, sender.answers);
    expect(unsettled).toEqual([]);
    expect(twoIds).toEqual([]);
    expect(inFlightAfter(sender.answers, killedAt + KEY_LEASE_BOUND_MS + 1000)).toEqual([]);
    // Requests were cut by the kill: the client saw connections fail.
    expect(sender.answers.filter((a) => a.status === 0).length).toBeGreaterThan(0);
    const ids = [...accepted.values()];
    expect(new Set(ids).size).toBe(sender.keys.length);
    const listed = await request(url).get('/emails?limit=1').set(auth(apiKey));
    expect(listed.body.total).toBe(sender.keys.length);
    for (const key of sender.keys.slice(0, 50)) {
      const replay = await request(url).post('/emails').set(auth(apiKey)).set('Idempotency-Key', key).send(bodyOf(key));
      expect({ key, status: replay.status, id: replay.body.id }).toEqual({ key, status: 202, id: accepted.get(key) });
    }

    for (const id of ids) await sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === id, 30_000);
    const openAtKill = (t: SinkTransaction) => t.openedAt < restartMark && (t.answeredAt === null || t.answeredAt > killMark);
    expect(sink.transactions().filter((t) => t.message && openAtKill(t)).length).toBeGreaterThan(0);
    expect(unexplainedDuplicates(sink, openAtKill)).toEqual([]);
    process.stdout.write(`embedded kill: ${sender.keys.length} keys, ${extraCopies(sink)} extra copies at the MTA\n`);
  }, 120_000);

  const bodyOf = (key: string) => {
    const n = Number(key.split('-')[1]);
    return { from: 'hello@sandbox.mailplane.test', to: `r${n}@example.org`, subject: `kill ${n}`, text: 'x' };
  };
});

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
