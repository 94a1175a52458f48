import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { engineEnv, storeEngines } from './support/engines';
import { wholeLog, type LogRecord } from './support/audit';
import { eventually } from './support/eventually';
import { auth } from './support/mail';
import { BANNER_API_KEY, startEmbeddedProcess, type ServiceProcess } from './support/processes';
import { removeDir } from './support/platform';

const CHANGES_BEFORE_KILL = 60;

// The embedded default as `npm start` runs it, killed with -9 the moment its 60th change is answered while clients
// keep changing identities (mail) and webhook endpoints (webhooks). Those records cross the in-process broker, whose
// queue dies with the process: a record published and not yet stored by the gateway is kept in its change's document
// and published again by the start that finds the queues new, so every answered change has exactly one record.
describe.each(storeEngines())('embedded default SIGKILLed under mail and webhook changes, stores on %s', (engine) => {
  let engineSetup: Awaited<ReturnType<typeof engineEnv>>;
  let dataDir: string;
  let proc: ServiceProcess | null = null;

  const start = async () => {
    const started = await startEmbeddedProcess({ DATA_DIR: dataDir, OUTBOX_SWEEP_MS: '200', ...engineSetup.env });
    proc = started.proc;
    return started.url;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-audit-embedded-kill-'));
    engineSetup = await engineEnv(engine);
  });
  afterAll(async () => {
    await proc?.kill();
    await engineSetup?.drop();
    removeDir(dataDir);
  });

  it('when it is killed as changes are answered and restarted, then every answered change has exactly one record, and every record names a change that happened', async () => {
    let url = await start();
    const key = (await proc!.waitForOutput(BANNER_API_KEY))[1];
    const before = new Set((await wholeLog(url, key)).map((r) => r.requestId));
    const existing = await liveIds(url, key);
    const answered = new Map<string, string>();
    let running = true;
    let cut = 0;
    const change = async (operationId: string, req: request.Test, status: number) => {
      const res = await req;
      if (res.status !== status) return null;
      answered.set(res.headers['x-request-id'], operationId);
      // Killed from the answer's own callback: the changes still in flight are as close to it as a test can get.
      if (answered.size === CHANGES_BEFORE_KILL) proc!.child.kill('SIGKILL');
      return res;
    };
    const identities = async (n: number) => {
      for (let i = 0; running; i++) {
        const made = await change(
          'createIdentity',
          request(url)
            .post('/identities')
            .set(auth(key))
            .send({ domain: `c${n}-${i}.example.test` }),
          201,
        );
        if (!made) continue;
        const id = made.body.id as string;
        await change(
          'updateIdentity',
          request(url)
            .patch(`/identities/${id}`)
            .set(auth(key))
            .send({ tracking: { opens: true } }),
          200,
        );
        if (i % 2 === 1) await change('deleteIdentity', request(url).delete(`/identities/${id}`).set(auth(key)), 204);
      }
    };
    const endpoints = async (n: number) => {
      for (let i = 0; running; i++) {
        const body = { url: `https://hooks.example.com/c${n}/${i}`, eventTypes: ['email.sent'] };
        const made = await change('createWebhookEndpoint', request(url).post('/webhooks/endpoints').set(auth(key)).send(body), 201);
        if (!made) continue;
        const id = made.body.id as string;
        await change(
          'updateWebhookEndpoint',
          request(url).patch(`/webhooks/endpoints/${id}`).set(auth(key)).send({ description: 'd' }),
          200,
        );
        if (i % 2 === 1) await change('deleteWebhookEndpoint', request(url).delete(`/webhooks/endpoints/${id}`).set(auth(key)), 204);
      }
    };
    const client = (run: (n: number) => Promise<void>) => async (n: number) => {
      while (running) await run(n).catch(() => cut++);
    };
    const clients = [0, 1, 2].map(client(identities)).concat([3, 4, 5].map(client(endpoints)));
    await eventually(() => proc!.child.signalCode === 'SIGKILL' || proc!.child.exitCode !== null, 'the kill', 60_000);
    await proc!.kill();
    running = false;
    await Promise.all(clients);
    url = await start();

    const live = new Set([...(await liveIds(url, key))].filter((id) => !existing.has(id)));
    let log: LogRecord[] = [];
    // A record still waiting in its change's outbox goes out with the outbox sweep; a kept one with the start.
    await eventually(
      async () => {
        log = (await wholeLog(url, key)).filter((r) => !before.has(r.requestId));
        const recorded = new Set(log.map((r) => r.requestId));
        const created = new Set(log.filter((r) => r.operationId.startsWith('create')).map((r) => r.target.id));
        return [...answered.keys()].every((id) => recorded.has(id)) && [...live].every((id) => created.has(id));
      },
      'a record for every answered change, and a creation record for everything that exists',
      20_000,
    );
    const perRequest = log.reduce((m, r) => m.set(r.requestId, (m.get(r.requestId) ?? 0) + 1), new Map<string, number>());
    expect([...perRequest.values()].every((n) => n === 1)).toBe(true);
    for (const [requestId, operationId] of answered) expect(log.find((r) => r.requestId === requestId)?.operationId).toBe(operationId);
    // A recorded creation exists, or its deletion is recorded too; a recorded deletion is gone.
    const deletions = new Set(log.filter((r) => r.operationId.startsWith('delete')).map((r) => r.target.id));
    for (const r of log) expect(live.has(r.target.id) || deletions.has(r.target.id)).toBe(true);
    for (const id of deletions) expect(live.has(id)).toBe(false);
    process.stdout.write(`audit embedded kill (${engine}): ${answered.size} changes answered, ${log.length} recorded, ${cut} cut\n`);
  }, 120_000);
});

/** The ids of the tenant's identities and webhook endpoints. */
async function liveIds(url: string, key: string): Promise<Set<string>> {
  const ids = (res: request.Response) => res.body.data.map((r: { id: string }) => r.id) as string[];
  return new Set([
    ...ids(await request(url).get('/identities').query({ limit: 100 }).set(auth(key))),
    ...ids(await request(url).get('/webhooks/endpoints').query({ limit: 100 }).set(auth(key))),
  ]);
}
