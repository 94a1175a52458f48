import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { expectContract, expectProblem } from './support/contract';
import { distributedEnv, startMailAndGateway } from './support/distributed';
import { describeWithRabbit } from './support/env';
import { eventually } from './support/eventually';
import { parseExposition } from './support/metrics';
import { removeDir } from './support/platform';
import type { ServiceProcess } from './support/processes';
import { rabbitFromEnv } from './support/rabbitmq';

describeWithRabbit('distributed mode: /readyz follows the broker', (amqpUrl) => {
  const rabbit = rabbitFromEnv();
  const procs: ServiceProcess[] = [];
  let dataDir: string;
  let gatewayUrl: string;
  let mailOps: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-ready-'));
    const env = distributedEnv(amqpUrl, dataDir, { SMTP_URL: 'smtp://127.0.0.1:2' });
    ({ mailOps, gatewayUrl } = await startMailAndGateway(procs, env));
  }, 120_000);

  afterAll(async () => {
    // Whatever happened, the shared broker is left running for the suites after this one.
    await rabbit?.startApp().catch(() => undefined);
    await Promise.all(procs.map((p) => p.kill()));
    removeDir(dataDir);
  });

  const readyz = (url: string) => request(url).get('/readyz');

  (rabbit ? it : it.skip)(
    'when RabbitMQ stops, then /readyz answers 503 on the gateway and on the mail ops port; when it is back, 200',
    async () => {
      expectContract(await readyz(gatewayUrl).expect(200), 'readiness');
      expect((await readyz(mailOps).expect(200)).body).toEqual({ status: 'ready', checks: { 'mail.store': 'up', 'mail.broker': 'up' } });
      await request(mailOps).get('/healthz').expect(200);
      const scraped = parseExposition((await request(mailOps).get('/metrics').expect(200)).text);
      expect(scraped.find((s) => s.name === 'mailplane_broker_connected')).toMatchObject({ labels: { service: 'mail' }, value: 1 });

      await rabbit!.stopApp();
      await eventually(async () => (await readyz(gatewayUrl)).status === 503, 'the gateway to be unready', 20_000);
      const down = await readyz(gatewayUrl);
      expectProblem(down, 503, 'not_ready', 'readiness');
      expect(down.body.checks).toEqual({ 'gateway.store': 'up', 'gateway.broker': 'down' });
      await eventually(async () => (await readyz(mailOps)).status === 503, 'the mail service to be unready', 20_000);
      expect((await readyz(mailOps)).body).toMatchObject({ code: 'not_ready', checks: { 'mail.store': 'up', 'mail.broker': 'down' } });
      // Alive all the same: a liveness probe must not restart a process that only waits for its broker.
      await request(mailOps).get('/healthz').expect(200);
      const unconnected = parseExposition((await request(mailOps).get('/metrics').expect(200)).text);
      expect(unconnected.find((s) => s.name === 'mailplane_broker_connected')?.value).toBe(0);

      await rabbit!.startApp();
      await eventually(async () => (await readyz(gatewayUrl)).status === 200, 'the gateway to be ready again', 30_000);
      await eventually(async () => (await readyz(mailOps)).status === 200, 'the mail service to be ready again', 30_000);
    },
    120_000,
  );
});
