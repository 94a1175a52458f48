import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createTxtResolver } from '@mailplane/mail';
import { startSandboxDns, type SandboxDns } from '../sandbox/dns-server';
import { mailauthDkimVerifier } from '../sandbox/dkim-verdict';
import { startSmtpSink, type SmtpSink } from '../sandbox/smtp-sink';
import { distributedEnv, startService, verifiedTenant } from './support/distributed';
import { describeWithRabbit } from './support/env';
import { expectContract } from './support/contract';
import { auth, headerOf, verifyWithPublishedRecord, waitForSending } from './support/mail';
import { spawnService, type ServiceProcess } from './support/processes';
import { startWebhookReceiver } from './support/webhook-receiver';
import { Webhook } from 'standardwebhooks';
import { ADMIN_TOKEN, removeDir } from './support/platform';
import { engineEnv, storeEngines, type Engine } from './support/engines';

describeWithRabbit('distributed mode: four processes over RabbitMQ', () => {
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
    dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-dist-'));
    engineSetup = await engineEnv(engine);
    // The recipient's MTA and the DNS the tenant publishes in: outside systems, played by the sandbox.
    dns = await startSandboxDns();
    sink = await startSmtpSink({ verifyDkim: mailauthDkimVerifier(createTxtResolver({ servers: [`127.0.0.1:${dns.port}`] }).resolve) });
    env = distributedEnv(process.env.AMQP_URL!, dataDir, {
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      DNS_SERVERS: `127.0.0.1:${dns.port}`,
      WEBHOOK_SANDBOX: 'true',
      SMTP_POOL_SIZE: '2',
      SEND_LEASE_MS: '2000',
      RETRY_SCHEDULE: '200ms,400ms,800ms',
      SEND_RATE_LIMIT: '10',
      SEND_RATE_WINDOW_SECONDS: '3600',
      OUTBOX_SWEEP_MS: '200',
      ...engineSetup.env,
    });
    await Promise.all(['billing', 'mail', 'webhooks'].map(start));
    url = (await start('gateway'))!;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...procs.values()].map((p) => p.kill()));
    await sink.stop();
    await dns.stop();
    await engineSetup?.drop();
    removeDir(dataDir);
  });

  // A set-up that fails says why in the services' own words (an internal error is logged, never answered).
  const tenantWithDomain = (domain: string) =>
    verifiedTenant(url, dns, domain).catch((err: Error) => {
      const logs = ['mail', 'gateway'].map((name) => `--- ${name}:\n${procs.get(name)?.output().slice(-6000)}`).join('\n');
      throw new Error(`${err.message}\n${logs}`);
    });

  it('when a tenant is created and keys are managed through the gateway, then every step answers per the contract', async () => {
    const tenant = await request(url).post('/admin/tenants').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({ name: 'Dist' });
    expect(tenant.status).toBe(201);
    const created = await request(url).post('/api-keys').set(auth(tenant.body.apiKey.key)).send({ name: 'second' });
    expect(created.status).toBe(201);
    expectContract(created, 'createApiKey');
    const listed = await request(url).get('/api-keys').set(auth(tenant.body.apiKey.key));
    expect(listed.body.data).toHaveLength(2);
    await request(url).delete(`/api-keys/${created.body.id}`).set(auth(tenant.body.apiKey.key)).expect(204);
    expect((await request(url).get('/api-keys').set(auth(tenant.body.apiKey.key))).body.data).toHaveLength(1);
  });

  it('when the gateway asks every service over RabbitMQ, then all answer', async () => {
    const res = await request(url).get('/healthz');
    expect(res.body).toEqual({ status: 'ok', services: { billing: 'up', mail: 'up', webhooks: 'up' } });
  });

  it('when an email is sent, then it crosses RabbitMQ and reaches the MTA signed', async () => {
    const t = await tenantWithDomain('dist.example.test');
    const res = await request(url)
      .post('/emails')
      .set(auth(t.key))
      .send({ from: 'a@dist.example.test', to: 'r@example.org', subject: 'over amqp', text: 'hello' });
    expect(res.status).toBe(202);
    expectContract(res, 'sendEmail');
    const received = await sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === res.body.id, 15_000);
    expect((await verifyWithPublishedRecord(received.raw, t.records)).status.result).toBe('pass');
  });

  it('when a tenant has a webhook endpoint, then its events cross RabbitMQ from mail to webhooks and arrive signed', async () => {
    const t = await tenantWithDomain('hooks.example.test');
    const receiver = await startWebhookReceiver();
    try {
      const endpoint = await request(url)
        .post('/webhooks/endpoints')
        .set(auth(t.key))
        .send({ url: receiver.url, eventTypes: ['email.sent'] });
      expectContract(endpoint, 'createWebhookEndpoint');
      const res = await request(url)
        .post('/emails')
        .set(auth(t.key))
        .send({ from: 'a@hooks.example.test', to: 'r@example.org', subject: 'hooked', text: 'x' });
      const [hook] = await receiver.waitFor(1, 15_000);
      const event = new Webhook(endpoint.body.secret).verify(hook.body, hook.headers as Record<string, string>) as {
        type: string;
        data: { messageId: string };
      };
      expect(event).toMatchObject({ type: 'email.sent', data: { messageId: res.body.id } });
    } finally {
      await receiver.stop();
    }
  });

  it('when an email is scheduled, then mail releases it over RabbitMQ at its time, and a canceled one never goes out', async () => {
    const t = await tenantWithDomain('later.example.test');
    const send = (subject: string, scheduledAt: string) =>
      request(url)
        .post('/emails')
        .set(auth(t.key))
        .send({ from: 'a@later.example.test', to: 'r@example.org', subject, text: 'x', scheduledAt });
    const at = new Date(Date.now() + 1500).toISOString();
    const canceled = await send('canceled', at);
    const scheduled = await send('scheduled', new Date(Date.now() + 1600).toISOString());
    expectContract(scheduled, 'sendEmail');
    expect(scheduled.body.status).toBe('scheduled');
    const cancel = await request(url).post(`/emails/${canceled.body.id}/cancel`).set(auth(t.key));
    expectContract(cancel, 'cancelEmail');
    expect(cancel.body).toMatchObject({ status: 'canceled', scheduledAt: at });

    const received = await sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === scheduled.body.id, 15_000);
    expect(received.receivedAt.getTime()).toBeGreaterThanOrEqual(new Date(scheduled.body.scheduledAt).getTime());
    expect(sink.messages().some((m) => headerOf(m, 'X-Mailplane-Message-Id') === canceled.body.id)).toBe(false);
    expect((await request(url).get(`/emails/${canceled.body.id}`).set(auth(t.key))).body.status).toBe('canceled');
  });

  it('when a batch is sent, then its emails cross RabbitMQ in one request and each reaches the MTA', async () => {
    const t = await tenantWithDomain('batch.example.test');
    const emails = [0, 1, 2].map((i) => ({
      from: 'a@batch.example.test',
      to: [`r${i}@example.org`, `s${i}@example.org`],
      subject: `batch ${i}`,
      text: 'x',
    }));
    const res = await request(url).post('/emails/batch').set(auth(t.key)).set('Idempotency-Key', 'dist-batch').send(emails);
    expect(res.status).toBe(202);
    expectContract(res, 'sendEmailBatch');
    for (const [i, result] of (res.body.data as { id: string }[]).entries()) {
      const received = await sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === result.id, 15_000);
      expect([...received.envelope.to].sort()).toEqual([`r${i}@example.org`, `s${i}@example.org`]);
    }
    const replay = await request(url).post('/emails/batch').set(auth(t.key)).set('Idempotency-Key', 'dist-batch').send(emails);
    expect(replay.body).toEqual(res.body);
  });

  it('when a tenant sends through two gateway processes, then one rate limit holds across both', async () => {
    const t = await tenantWithDomain('twogw.example.test');
    const second = spawnService('gateway', env);
    procs.set('gateway-2', second);
    const url2 = (await second.waitForOutput(/gateway started at (\S+)/, 60_000))[1];
    const send = (via: string, i: number) =>
      request(via)
        .post('/emails')
        .set(auth(t.key))
        .send({ from: 'a@twogw.example.test', to: `r${i}@example.org`, subject: 'rate', text: 'x' });
    // Each acceptance names what is left of the tenant's one window: alternating gateways, it still counts down by one.
    const remaining: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await send(i % 2 ? url2 : url, i);
      expect(res.status).toBe(202);
      expectContract(res, 'sendEmail');
      expect(res.headers['ratelimit-policy']).toBe('"send";q=10;w=3600');
      remaining.push(Number(/^"send";r=(\d+);t=\d+$/.exec(res.headers.ratelimit)?.[1]));
    }
    expect(remaining).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
  });

  it('when the mail service is killed mid-delivery, then after a restart every accepted message reaches the MTA', async () => {
    const t = await tenantWithDomain('crash.example.test');
    // The MTA holds every message for a minute: whatever the machine's speed, the kill finds mail in flight.
    sink.behaviour.setDelay(60_000);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await request(url)
        .post('/emails')
        .set(auth(t.key))
        .send({ from: 'a@crash.example.test', to: `r${i}@example.org`, subject: `crash ${i}`, text: 'x' });
      expect(res.status).toBe(202);
      ids.push(res.body.id);
    }
    const arrived = (id: string) => sink.messages().some((m) => headerOf(m, 'X-Mailplane-Message-Id') === id);
    await waitForSending(url, t.key);
    await procs.get('mail')!.kill('SIGKILL');
    const missing = ids.filter((id) => !arrived(id));
    expect(missing.length).toBeGreaterThan(0);
    sink.behaviour.setDelay(0);
    await start('mail');
    for (const id of ids) await sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === id, 20_000);
    for (const id of ids) {
      const deadline = Date.now() + 10_000;
      let status = '';
      while (status !== 'sent' && Date.now() < deadline) {
        status = (await request(url).get(`/emails/${id}`).set(auth(t.key))).body.status;
        if (status !== 'sent') await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe('sent');
    }
  }, 90_000);
}
