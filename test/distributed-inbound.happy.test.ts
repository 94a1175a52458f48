import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import request from 'supertest';
import { freePort } from '../platform/local/ports';
import { selfSignedCertificate } from '../platform/self-signed-certificate';
import { startSandboxDns, type SandboxDns } from '../sandbox/dns-server';
import { startSmtpSink, type SmtpSink } from '../sandbox/smtp-sink';
import { expectContract } from './support/contract';
import { eventually } from './support/eventually';
import { distributedEnv, receivingTenant, startService } from './support/distributed';
import { describeWithRabbit } from './support/env';
import { auth } from './support/mail';
import type { ServiceProcess } from './support/processes';
import { removeDir } from './support/platform';
import { describeWithSwaks, swaks } from './support/submission';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

const MX_HOST = 'mx.dist-inbound.test';

// Mail (with its inbound MX listener), webhooks and the gateway as processes of their own over RabbitMQ: a message a
// remote MTA hands to mail's listener reaches the tenant's endpoint through webhooks, and its API through the gateway.
describeWithRabbit('distributed mode: inbound mail on the mail service', () => {
  const procs = new Map<string, ServiceProcess>();
  let url: string;
  let inboundPort: number;
  let dataDir: string;
  let dns: SandboxDns;
  let sink: SmtpSink;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-dist-inbound-'));
    dns = await startSandboxDns();
    sink = await startSmtpSink();
    receiver = await startWebhookReceiver();
    inboundPort = await freePort();
    const { cert, key } = selfSignedCertificate(MX_HOST);
    writeFileSync(path.join(dataDir, 'cert.pem'), cert);
    writeFileSync(path.join(dataDir, 'key.pem'), key);
    const env = distributedEnv(process.env.AMQP_URL!, dataDir, {
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      DNS_SERVERS: `127.0.0.1:${dns.port}`,
      WEBHOOK_SANDBOX: 'true',
      OUTBOX_SWEEP_MS: '200',
      INBOUND_MX_HOST: MX_HOST,
      INBOUND_HOST: '127.0.0.1',
      INBOUND_PORT: String(inboundPort),
      INBOUND_TLS_CERT: path.join(dataDir, 'cert.pem'),
      INBOUND_TLS_KEY: path.join(dataDir, 'key.pem'),
    });
    await Promise.all(['mail', 'webhooks'].map((name) => startService(procs, name, env)));
    url = (await startService(procs, 'gateway', env))!;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...procs.values()].map((p) => p.kill()));
    await receiver?.stop();
    await sink?.stop();
    await dns?.stop();
    removeDir(dataDir);
  });

  const received = (to: string) => receiver.received.map((h) => JSON.parse(h.body)).filter((e) => e.data?.recipient === to);

  async function receivingWithEndpoint(domain: string) {
    const t = await receivingTenant(url, dns, domain);
    await request(url)
      .post('/webhooks/endpoints')
      .set(auth(t.key))
      .send({ url: receiver.url, eventTypes: ['email.received'] })
      .expect(201);
    return t;
  }

  it('when a remote MTA sends with nodemailer to the MX the identity shows, then mail stores it, the endpoint gets email.received and GET /inbound/messages reads it back', async () => {
    const domain = 'in-dist.example.test';
    const t = await receivingWithEndpoint(domain);
    // The MX record a tenant is told to publish names the platform's MX host.
    expect(t.mx).toMatchObject({ name: domain, value: MX_HOST });
    const to = `support@${domain}`;
    const mta = nodemailer.createTransport({ host: '127.0.0.1', port: inboundPort, secure: false, tls: { rejectUnauthorized: false } });
    try {
      const info = await mta.sendMail({
        from: 'Jo Customer <jo@customer.example>',
        to,
        subject: 'Where is my order?',
        text: 'Order 42 has not arrived.',
        messageId: '<order-42@customer.example>',
      });
      expect(info.response).toMatch(/^250 2\.0\.0 Ok: inb_[0-9a-z]{26}$/);
    } finally {
      mta.close();
    }
    const [hook] = await receiver.waitFor(1, 15_000);
    const event = JSON.parse(hook.body);
    expect(event).toMatchObject({
      type: 'email.received',
      data: {
        recipient: to,
        envelope: { from: 'jo@customer.example', to: [to], tls: true },
        from: { address: 'jo@customer.example' },
        subject: 'Where is my order?',
        internetMessageId: '<order-42@customer.example>',
        text: expect.stringContaining('Order 42 has not arrived.'),
      },
    });
    const list = await request(url).get('/inbound/messages').set(auth(t.key)).expect(200);
    expectContract(list, 'listInboundMessages');
    expect(list.body.data).toEqual([expect.objectContaining({ id: event.data.inboundId, recipient: to, subject: 'Where is my order?' })]);
  });

  describeWithSwaks('with swaks', () => {
    it('when swaks delivers over STARTTLS to the inbound listener, then the message is accepted with 250 and announced once', async () => {
      const domain = 'in-swaks.example.test';
      const t = await receivingWithEndpoint(domain);
      const to = `orders@${domain}`;
      const run = await swaks([
        '--server',
        '127.0.0.1',
        '--port',
        String(inboundPort),
        '--tls',
        '--from',
        'buyer@customer.example',
        '--to',
        to,
        '--header',
        'Subject: over swaks',
      ]);
      expect(run.status).toBe(0);
      expect(run.output).toMatch(/<~ {2}250 2\.0\.0 Ok: inb_/);
      await eventually(() => received(to).length > 0, 'email.received of the swaks message', 15_000);
      expect(received(to)).toEqual([
        expect.objectContaining({ type: 'email.received', data: expect.objectContaining({ subject: 'over swaks' }) }),
      ]);
      expect((await request(url).get('/inbound/messages').set(auth(t.key))).body.total).toBe(1);
    });
  });
});
