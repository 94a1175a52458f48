import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import request from 'supertest';
import { engineEnv, storeEngines, type Engine } from './support/engines';
import { wholeLog, type LogRecord } from './support/audit';
import { eventually } from './support/eventually';
import { auth } from './support/mail';
import { BANNER_API_KEY, startEmbeddedProcess, type ServiceProcess } from './support/processes';
import { removeDir } from './support/platform';

const CHANGES_BEFORE_KILL = 60;

// The embedded default as `npm start` runs it, killed with -9 while API keys (the gateway), identities (mail) and
// webhook endpoints (webhooks) change. A key's record is written with its change; the others' cross the in-process
// broker, whose queue dies with the process: a record published and not yet stored by the gateway is kept in its
// change's document a minute and published again by the start that finds the queues new. So every answered change has
// exactly one record, and every record's change happened.
describe.each(storeEngines())('embedded default SIGKILLed under gateway, mail and webhook changes, stores on %s', (engine) => {
  const platform = embeddedPlatform(engine);

  it('when it is killed as changes are answered and restarted, then every answered change has exactly one record, and every record names a change that happened', async () => {
    let url = await platform.start();
    const { key, before } = await platform.baseline(url);
    const changes = changeRecorder(() => url, key);
    changes.onAnswer((n) => n === CHANGES_BEFORE_KILL && platform.proc()!.child.kill('SIGKILL'));
    let running = true;
    const client = (run: (n: number) => Promise<void>) => async (n: number) => {
      while (running) await run(n).catch(() => changes.cut++);
    };
    const clients = [
      ...[0, 1].map(client(changes.identity)),
      ...[2, 3].map(client(changes.endpoint)),
      ...[4, 5].map(client(changes.apiKey)),
    ];
    await eventually(() => platform.proc()!.child.signalCode !== null, 'the kill', 60_000);
    running = false;
    await Promise.all(clients);
    url = await platform.start();
    const log = await expectOneRecordPerChange(url, key, before, changes.answered);
    process.stdout.write(
      `audit embedded kill (${engine}): ${changes.answered.size} answered, ${log.length} recorded, ${changes.cut} cut\n`,
    );
  }, 180_000);

  // On PostgreSQL the test can hold the gateway's log table away from it (as a long maintenance would keep it busy):
  // the records pile up on the in-process queue, and the kill takes every one of them.
  (engine === 'postgres' ? it : it.skip)(
    'when the gateway could not store records for a while and it is killed, then after the restart every answered change has its one record',
    async () => {
      let url = await platform.start();
      const { key, before } = await platform.baseline(url);
      const changes = changeRecorder(() => url, key);
      await platform.gatewaySql('ALTER TABLE mailplane_gateway.audit_log RENAME TO audit_log_away');
      for (let n = 0; n < 4; n++) {
        await changes.identity(10 + n);
        await changes.endpoint(20 + n);
      }
      await platform.proc()!.kill('SIGKILL');
      await platform.gatewaySql('ALTER TABLE mailplane_gateway.audit_log_away RENAME TO audit_log');
      url = await platform.start();
      const log = await expectOneRecordPerChange(url, key, before, changes.answered);
      expect(log.length).toBeGreaterThanOrEqual(changes.answered.size);
    },
    180_000,
  );

  // Past the broker's five tries (15 s of backoff) a failing handler's message is dead-lettered, and the in-process
  // broker's dead letters live in memory only: the log's consumer waits its store out instead.
  (engine === 'postgres' ? it : it.skip)(
    'when the gateway cannot store a record past five tries, then it stores it once it can, without a restart',
    async () => {
      const url = await platform.start();
      const { key, before } = await platform.baseline(url);
      const changes = changeRecorder(() => url, key);
      await platform.gatewaySql('ALTER TABLE mailplane_gateway.audit_log RENAME TO audit_log_away');
      await changes.endpoint(30);
      await platform.proc()!.waitForOutput(/"queue":"gateway\.audit","attempt":5/, 60_000);
      await platform.gatewaySql('ALTER TABLE mailplane_gateway.audit_log_away RENAME TO audit_log');
      // Its next try comes after 16 s of backoff.
      await expectOneRecordPerChange(url, key, before, changes.answered, 60_000);
    },
    180_000,
  );
});

/** One embedded platform per engine, restarted on the same data by each `start`. */
function embeddedPlatform(engine: Engine) {
  let engineSetup: Awaited<ReturnType<typeof engineEnv>> | undefined;
  let dataDir: string;
  let proc: ServiceProcess | null = null;
  let key: string | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-audit-embedded-kill-'));
    engineSetup = await engineEnv(engine);
  });
  afterAll(async () => {
    await proc?.kill();
    await engineSetup?.drop();
    removeDir(dataDir);
  });
  return {
    proc: () => proc,
    async start() {
      await proc?.kill();
      const started = await startEmbeddedProcess({ DATA_DIR: dataDir, OUTBOX_SWEEP_MS: '200', ...engineSetup!.env });
      proc = started.proc;
      key ??= (await proc.waitForOutput(BANNER_API_KEY))[1];
      return started.url;
    },
    /** The sandbox key, the requests already recorded and the identities and endpoints there already. */
    async baseline(url: string) {
      const before = new Set((await wholeLog(url, key!)).map((r) => r.requestId));
      return { key: key!, before: { requests: before, live: await liveIds(url, key!) } };
    },
    async gatewaySql(sql: string) {
      const client = new pg.Client({ connectionString: engineSetup!.env.DATABASE_URL });
      await client.connect();
      await client.query(sql).finally(() => client.end());
    },
  };
}

/** Changes through the API, each answered one kept by its request id with its operation. */
function changeRecorder(url: () => string, key: string) {
  const answered = new Map<string, string>();
  let onAnswer = (_n: number): unknown => undefined;
  const change = async (operationId: string, req: request.Test, status: number) => {
    const res = await req;
    if (res.status !== status) return null;
    answered.set(res.headers['x-request-id'], operationId);
    // From the answer's own callback: the changes still in flight are as close to it as a test can get.
    onAnswer(answered.size);
    return res;
  };
  const api = (method: 'post' | 'patch' | 'delete', route: string) => request(url())[method](route).set(auth(key));
  let seq = 0;
  return {
    answered,
    cut: 0,
    onAnswer: (fn: (n: number) => unknown) => void (onAnswer = fn),
    /** Creates an identity, changes it, and deletes every second one. */
    async identity(n: number) {
      const i = seq++;
      const made = await change('createIdentity', api('post', '/identities').send({ domain: `c${n}-${i}.example.test` }), 201);
      if (!made) return;
      await change('updateIdentity', api('patch', `/identities/${made.body.id}`).send({ tracking: { opens: true } }), 200);
      if (i % 2 === 1) await change('deleteIdentity', api('delete', `/identities/${made.body.id}`), 204);
    },
    /** Creates an API key, and revokes every second one. */
    async apiKey(n: number) {
      const i = seq++;
      const made = await change('createApiKey', api('post', '/api-keys').send({ name: `c${n}-${i}` }), 201);
      if (made && i % 2 === 1) await change('revokeApiKey', api('delete', `/api-keys/${made.body.id}`), 204);
    },
    /** Creates a webhook endpoint, changes it, and deletes every second one. */
    async endpoint(n: number) {
      const i = seq++;
      const body = { url: `https://hooks.example.com/c${n}/${i}`, eventTypes: ['email.sent'] };
      const made = await change('createWebhookEndpoint', api('post', '/webhooks/endpoints').send(body), 201);
      if (!made) return;
      await change('updateWebhookEndpoint', api('patch', `/webhooks/endpoints/${made.body.id}`).send({ description: 'd' }), 200);
      if (i % 2 === 1) await change('deleteWebhookEndpoint', api('delete', `/webhooks/endpoints/${made.body.id}`), 204);
    },
  };
}

interface Baseline {
  requests: Set<string>;
  live: Set<string>;
}

/** The ids of the tenant's live API keys, identities and webhook endpoints. */
async function liveIds(url: string, key: string): Promise<Set<string>> {
  const ids = async (route: string) =>
    (await request(url).get(route).query({ limit: 100 }).set(auth(key))).body.data.map((r: { id: string }) => r.id) as string[];
  return new Set([...(await ids('/api-keys')), ...(await ids('/identities')), ...(await ids('/webhooks/endpoints'))]);
}

/** A change that takes its target away: a deletion, or a key's revocation. */
const removes = (r: LogRecord) => r.operationId.startsWith('delete') || r.operationId === 'revokeApiKey';

/**
 * Waits for a record of every answered change (one still in its outbox goes out with the sweep, a kept one after the
 * start re-armed it), then checks each change has exactly one, and each record's target exists or its deletion is
 * recorded too. Answers the records written since `before`.
 */
async function expectOneRecordPerChange(url: string, key: string, before: Baseline, answered: Map<string, string>, waitMs = 20_000) {
  // What exists was created, answered or not: its creation is recorded too.
  const live = await liveIds(url, key);
  const created = [...live].filter((id) => !before.live.has(id));
  let log: LogRecord[] = [];
  await eventually(
    async () => {
      log = (await wholeLog(url, key)).filter((r) => !before.requests.has(r.requestId));
      const recorded = new Set(log.map((r) => r.requestId));
      const creations = new Set(log.filter((r) => r.operationId.startsWith('create')).map((r) => r.target.id));
      // A deletion cut by the kill is still carried with its change until the sweep moves it after the restart.
      const deleted = new Set(log.filter(removes).map((r) => r.target.id));
      return (
        [...answered.keys()].every((id) => recorded.has(id)) &&
        created.every((id) => creations.has(id)) &&
        log.every((r) => live.has(r.target.id) || deleted.has(r.target.id))
      );
    },
    'a record for every answered change, a creation record for everything created, a deletion record for what is gone',
    waitMs,
  );
  const perRequest = log.reduce((m, r) => m.set(r.requestId, (m.get(r.requestId) ?? 0) + 1), new Map<string, number>());
  expect([...perRequest.values()].every((n) => n === 1)).toBe(true);
  for (const [requestId, operationId] of answered) expect(log.find((r) => r.requestId === requestId)?.operationId).toBe(operationId);
  const deletions = new Set(log.filter(removes).map((r) => r.target.id));
  for (const r of log) expect(live.has(r.target.id) || deletions.has(r.target.id)).toBe(true);
  for (const id of deletions) expect(live.has(id)).toBe(false);
  return log;
}
