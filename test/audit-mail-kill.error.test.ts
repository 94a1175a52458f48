import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { distributedEnv, startService } from './support/distributed';
import { engineEnv, storeEngines, type Engine } from './support/engines';
import { describeWithRabbit } from './support/env';
import { wholeLog, type LogRecord } from './support/audit';
import { eventually } from './support/eventually';
import { auth } from './support/mail';
import { ADMIN_TOKEN, removeDir } from './support/platform';
import type { ServiceProcess } from './support/processes';

// Mail and the gateway as processes of their own over the run's RabbitMQ; mail is killed with -9 while clients
// create, change and delete identities. Each change carries its record in the identity's own write and crosses the
// broker's durable gateway.audit queue, so after mail's restart (and its outbox sweep) every answered change has
// exactly one record, and a record's change happened.
describeWithRabbit('mail SIGKILLed under audited identity changes', () => {
  describe.each(storeEngines())('stores on %s', (engine) => suite(engine));
});

function suite(engine: Engine) {
  const procs = new Map<string, ServiceProcess>();
  let engineSetup: Awaited<ReturnType<typeof engineEnv>> | undefined;
  let dataDir: string;
  let env: Record<string, string>;
  let url: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-audit-mail-kill-'));
    engineSetup = await engineEnv(engine);
    // Nothing is sent: the relay is configured, never reached.
    const quiet = { SMTP_URL: 'smtp://127.0.0.1:1', RPC_TIMEOUT_MS: '4000', OUTBOX_SWEEP_MS: '200' };
    env = distributedEnv(process.env.AMQP_URL!, dataDir, { ...quiet, ...engineSetup.env });
    await startService(procs, 'mail', env);
    url = (await startService(procs, 'gateway', env))!;
  }, 120_000);
  afterAll(async () => {
    await Promise.all([...procs.values()].map((p) => p.kill()));
    await engineSetup?.drop();
    removeDir(dataDir);
  });

  it('when mail is killed mid-change and restarted, then every answered identity change has exactly one record, and every record names a change that happened', async () => {
    const tenant = await request(url).post('/admin/tenants').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({ name: 'kill' });
    const key = tenant.body.apiKey.key as string;
    const answered = new Map<string, string>();
    const deleted = new Set<string>();
    let running = true;
    let cut = 0;
    const change = async (operationId: string, req: request.Test, status: number) => {
      const res = await req;
      if (res.status === status) answered.set(res.headers['x-request-id'], operationId);
      return res.status === status ? res : null;
    };
    // Four clients, each creating an identity, changing it, and deleting every second one, until the kill cuts them off.
    const client = async (n: number) => {
      for (let i = 0; running; i++) {
        try {
          const domain = `c${n}-${i}-${Date.now().toString(36)}.example.test`;
          const made = await change('createIdentity', request(url).post('/identities').set(auth(key)).send({ domain }), 201);
          if (!made) continue;
          const id = made.body.id as string;
          const tracking = { tracking: { opens: true } };
          await change('updateIdentity', request(url).patch(`/identities/${id}`).set(auth(key)).send(tracking), 200);
          if (i % 2 === 1 && (await change('deleteIdentity', request(url).delete(`/identities/${id}`).set(auth(key)), 204)))
            deleted.add(id);
        } catch {
          cut++;
        }
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    await eventually(() => answered.size >= 40, '40 identity changes answered', 60_000);
    await procs.get('mail')!.kill('SIGKILL');
    // Requests already on their way meet the dead service; stop once they all returned.
    running = false;
    await Promise.all(clients);
    await startService(procs, 'mail', env);

    let log: LogRecord[] = [];
    // What mail had written and not published when it died goes out with its outbox sweep after the restart.
    await eventually(
      async () => {
        log = await wholeLog(url, key);
        const recorded = new Set(log.map((r) => r.requestId));
        return [...answered.keys()].every((id) => recorded.has(id));
      },
      'a record for every answered change',
      30_000,
    );
    // A change the kill cut off may have happened without an answer: its record comes with the same sweep, maybe after
    // those of the answered ones. Every record's identity exists, or the record of its deletion arrives too.
    const liveIdentities = async () =>
      new Set<string>(
        (await request(url).get('/identities').query({ limit: 100 }).set(auth(key))).body.data.map((i: { id: string }) => i.id),
      );
    let live = new Set<string>();
    const deletionsIn = (records: LogRecord[]) =>
      new Set(records.filter((r) => r.operationId === 'deleteIdentity').map((r) => r.target.id));
    await eventually(
      async () => {
        log = await wholeLog(url, key);
        live = await liveIdentities();
        const deletions = deletionsIn(log);
        return log.filter((r) => r.operationId !== 'createApiKey').every((r) => live.has(r.target.id) || deletions.has(r.target.id));
      },
      'every recorded identity live or its deletion recorded',
      30_000,
    );
    const identityRecords = log.filter((r) => r.operationId !== 'createApiKey');
    const perRequest = identityRecords.reduce((m, r) => m.set(r.requestId, (m.get(r.requestId) ?? 0) + 1), new Map<string, number>());
    expect([...perRequest.values()].every((n) => n === 1)).toBe(true);
    for (const [requestId, operationId] of answered) {
      expect(identityRecords.find((r) => r.requestId === requestId)?.operationId).toBe(operationId);
    }
    // A deleted identity is gone, and every answered deletion is recorded.
    const deletions = deletionsIn(identityRecords);
    for (const id of deletions) expect(live.has(id)).toBe(false);
    for (const id of deleted) expect(deletions.has(id)).toBe(true);
    process.stdout.write(
      `audit mail kill (${engine}): ${answered.size} changes answered, ${identityRecords.length} recorded, ${cut} cut\n`,
    );
  }, 180_000);
}
