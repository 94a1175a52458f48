import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startSandboxDns, type SandboxDns } from '../sandbox/dns-server';
import { startSmtpSink, type SmtpSink } from '../sandbox/smtp-sink';
import { expectContract, expectProblem } from './support/contract';
import { distributedEnv, startMailAndGateway, verifiedTenant } from './support/distributed';
import { describeWithRabbit } from './support/env';
import { eventually } from './support/eventually';
import { auth, headerOf } from './support/mail';
import { removeDir } from './support/platform';
import { freshDatabase, postgresFromEnv } from './support/postgres';
import { describeWithPostgres } from './support/postgres-env';
import { spawnService, type ServiceProcess } from './support/processes';
import { freePort } from './support/rabbitmq';

describeWithRabbit('distributed mode on PostgreSQL: the database goes away and comes back', (amqpUrl) => {
  describeWithPostgres('with DATABASE_URL', (postgresUrl) => {
    const postgres = postgresFromEnv();
    const procs: ServiceProcess[] = [];
    let dataDir: string;
    let database: Awaited<ReturnType<typeof freshDatabase>>;
    let dns: SandboxDns;
    let sink: SmtpSink;
    let env: Record<string, string>;
    let gatewayUrl: string;
    let mailOps: string;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-db-'));
      database = await freshDatabase(postgresUrl);
      dns = await startSandboxDns();
      sink = await startSmtpSink();
      env = distributedEnv(amqpUrl, dataDir, {
        DATABASE_URL: database.url,
        DATABASE_POOL_SIZE: '4',
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        DNS_SERVERS: `127.0.0.1:${dns.port}`,
        OUTBOX_SWEEP_MS: '200',
        // A delivery whose outcome could not be recorded while the database was away is sent again after its lease.
        SEND_LEASE_MS: '2000',
        RETRY_SCHEDULE: '200ms,500ms,1s,2s',
      });
      ({ mailOps, gatewayUrl } = await startMailAndGateway(procs, env));
    }, 120_000);

    afterAll(async () => {
      // Whatever happened, the shared cluster is left running for the suites after this one.
      await postgres?.start().catch(() => undefined);
      await Promise.all(procs.map((p) => p.kill()));
      await sink?.stop();
      await dns?.stop();
      await database?.drop();
      removeDir(dataDir);
    });

    const readyz = (url: string) => request(url).get('/readyz');

    it('when DATABASE_URL names a server that does not answer, then the service refuses to start, naming the variable', async () => {
      const url = `postgres://postgres@127.0.0.1:${await freePort()}/mailplane`;
      const mail = spawnService('mail', { ...env, DATABASE_URL: url });
      await new Promise((resolve) => mail.child.once('exit', resolve));
      expect(mail.child.exitCode).toBe(1);
      expect(mail.output()).toMatch(
        /^service failed to start: configuration: DATABASE_URL cannot be used for mail's store: .*ECONNREFUSED/m,
      );
      expect(mail.output()).not.toMatch(/^\s+at /m);
    });

    (postgres ? it : it.skip)(
      'when PostgreSQL stops, then /readyz and sends answer 503; when it is back, both recover and every accepted email reaches the MTA',
      async () => {
        const t = await verifiedTenant(gatewayUrl, dns, 'db.example.test');
        const send = (i: number) =>
          request(gatewayUrl)
            .post('/emails')
            .set(auth(t.key))
            .send({ from: 'a@db.example.test', to: `r${i}@example.org`, subject: `db ${i}`, text: 'x' });
        const accepted: string[] = [];
        for (let i = 0; i < 3; i++) accepted.push((await send(i).expect(202)).body.id);

        await postgres!.stop();
        await eventually(async () => (await readyz(mailOps)).status === 503, 'the mail service to be unready', 20_000);
        expect((await readyz(mailOps)).body).toMatchObject({ code: 'not_ready', checks: { 'mail.store': 'down' } });
        const refused = await send(100);
        expectProblem(refused, 503, 'store_unavailable', 'sendEmail');
        await request(mailOps).get('/healthz').expect(200);

        await postgres!.start();
        await eventually(async () => (await readyz(mailOps)).status === 200, 'the mail service to be ready again', 30_000);
        await eventually(async () => (await readyz(gatewayUrl)).status === 200, 'the gateway to be ready again', 30_000);
        for (let i = 3; i < 6; i++) {
          const res = await send(i);
          expect(res.status).toBe(202);
          expectContract(res, 'sendEmail');
          accepted.push(res.body.id);
        }
        for (const id of accepted) await sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === id, 30_000);
        for (const id of accepted) {
          await eventually(
            async () => (await request(gatewayUrl).get(`/emails/${id}`).set(auth(t.key))).body.status === 'sent',
            `${id} to be sent`,
            15_000,
          );
        }
      },
      120_000,
    );
  });
});
