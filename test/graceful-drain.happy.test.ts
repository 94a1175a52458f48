import { mkdtempSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { DEFAULT_HUB_PLANS } from '../sandbox/billing-hub';
import { expectContract, expectProblem } from './support/contract';
import { distributedEnv, startService } from './support/distributed';
import { describeWithRabbit } from './support/env';
import { eventually } from './support/eventually';
import { removeDir } from './support/platform';
import type { ServiceProcess } from './support/processes';

const HUB_KEY = 'drain-hub-api-key';
const SLOW_REQUESTS = 4;

/** The subscription hub, answering its plans only once the test releases them: each catalogue request stays in flight. */
async function startHeldHub() {
  const held: ServerResponse[] = [];
  let released = false;
  const answer = (res: ServerResponse) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ plans: DEFAULT_HUB_PLANS }));
  const server: Server = createServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${HUB_KEY}`) return void res.writeHead(401).end();
    if (released) return answer(res);
    held.push(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    waiting: () => held.length,
    release() {
      released = true;
      held.splice(0).forEach(answer);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Whether a new TCP connection to `url` is refused (the listener is closed). */
const refused = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => resolve(false)).once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
    socket.once('connect', () => socket.destroy());
  });

// A gateway process over the run's RabbitMQ, with billing behind it waiting on a hub that the test holds.
describeWithRabbit('graceful drain on SIGTERM', (amqpUrl) => {
  const procs = new Map<string, ServiceProcess>();
  let hub: Awaited<ReturnType<typeof startHeldHub>>;
  let dataDir: string;
  let url: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-drain-'));
    hub = await startHeldHub();
    const env = distributedEnv(amqpUrl, dataDir, {
      BILLING_HUB_URL: hub.url,
      BILLING_HUB_API_KEY: HUB_KEY,
      BILLING_HUB_WEBHOOK_SECRET: 'drain-hub-webhook-secret',
      BILLING_TIMEOUT_MS: '30000',
      RPC_TIMEOUT_MS: '30000',
      // Long enough to see /readyz turn 503 before the listener closes, on a busy machine too.
      DRAIN_DELAY_MS: '3000',
    });
    await Promise.all([startService(procs, 'billing', env), startService(procs, 'gateway', env).then((u) => (url = u!))]);
  }, 120_000);

  afterAll(async () => {
    hub.release();
    await Promise.all([...procs.values()].map((p) => p.kill()));
    await hub.stop();
    removeDir(dataDir);
  });

  it('when the gateway gets SIGTERM with requests in flight, then /readyz answers 503, new connections are refused, every request in flight gets its answer, and it exits 0', async () => {
    const gateway = procs.get('gateway')!;
    expectContract(await request(url).get('/readyz').expect(200), 'readiness');
    const inFlight = Array.from({ length: SLOW_REQUESTS }, () =>
      request(url)
        .get('/billing/catalogue')
        .then((res) => res),
    );
    await eventually(() => hub.waiting() === SLOW_REQUESTS, 'every catalogue request to reach the hub', 15_000);
    const exited = new Promise<number | null>((resolve) => gateway.child.once('exit', (code) => resolve(code)));

    gateway.child.kill('SIGTERM');

    let draining: request.Response | undefined;
    await eventually(async () => (draining = await request(url).get('/readyz')).status === 503, '/readyz to answer 503', 10_000);
    expectProblem(draining!, 503, 'not_ready', 'readiness');
    expect(draining!.body.checks).toMatchObject({ 'gateway.accepting': 'down', 'gateway.store': 'up', 'gateway.broker': 'up' });
    await eventually(() => refused(url), 'a new connection to be refused', 15_000);
    expect(hub.waiting()).toBe(SLOW_REQUESTS);

    hub.release();
    for (const res of await Promise.all(inFlight)) {
      expectContract(res, 'getCatalogue');
      expect(res.status).toBe(200);
      expect(res.body.degraded).toBe(false);
    }
    expect(await exited).toBe(0);
  }, 60_000);
});
