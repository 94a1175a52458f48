import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createTxtResolver } from '@mailplane/mail';
import { selfSignedCertificate } from '../platform/self-signed-certificate';
import { startSandboxDns, type SandboxDns } from '../sandbox/dns-server';
import { mailauthDkimVerifier } from '../sandbox/dkim-verdict';
import { startSmtpSink, type SmtpSink } from '../sandbox/smtp-sink';
import { distributedEnv, startService, verifiedTenant } from './support/distributed';
import { describeWithRabbit } from './support/env';
import { expectContract } from './support/contract';
import { auth, headerOf } from './support/mail';
import type { ServiceProcess } from './support/processes';
import { removeDir } from './support/platform';
import { submissionTransport, swaks, swaksTo, describeWithSwaks, type SubmissionAddress } from './support/submission';
import { startWebhookReceiver } from './support/webhook-receiver';

describeWithRabbit('distributed mode: SMTP submission as a service of its own over RabbitMQ', () => {
  const procs = new Map<string, ServiceProcess>();
  let url: string;
  let submission: SubmissionAddress;
  let dataDir: string;
  let dns: SandboxDns;
  let sink: SmtpSink;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-dist-smtp-'));
    const { cert, key } = selfSignedCertificate('submission test');
    const certFile = path.join(dataDir, 'cert.pem');
    writeFileSync(certFile, cert);
    writeFileSync(path.join(dataDir, 'key.pem'), key);
    dns = await startSandboxDns();
    sink = await startSmtpSink({ verifyDkim: mailauthDkimVerifier(createTxtResolver({ servers: [`127.0.0.1:${dns.port}`] }).resolve) });
    const env = distributedEnv(process.env.AMQP_URL!, dataDir, {
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      DNS_SERVERS: `127.0.0.1:${dns.port}`,
      WEBHOOK_SANDBOX: 'true',
      OUTBOX_SWEEP_MS: '200',
      SMTP_SUBMISSION_PORT: '0',
      SMTPS_SUBMISSION_PORT: '0',
      SMTP_SUBMISSION_TLS_CERT_FILE: certFile,
      SMTP_SUBMISSION_TLS_KEY_FILE: path.join(dataDir, 'key.pem'),
    });
    await Promise.all(['billing', 'mail', 'webhooks'].map((name) => startService(procs, name, env)));
    url = (await startService(procs, 'gateway', env))!;
    const started = await startService(procs, 'submission', env);
    const tlsUrl = /and (smtps:\/\/\S+) \(TLS\)/.exec(procs.get('submission')!.output())![1];
    submission = { url: started!, tlsUrl, certFile };
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...procs.values()].map((p) => p.kill()));
    await sink.stop();
    await dns.stop();
    removeDir(dataDir);
  });

  const idIn = (reply: string) => /(msg_[0-9a-z]{26})/.exec(reply)?.[1] as string;
  const copiesOf = (id: string) => sink.messages().filter((m) => headerOf(m, 'X-Mailplane-Message-Id') === id);

  it('when an application sends To and Bcc over STARTTLS, then mail accepts it over RabbitMQ, each recipient gets it DKIM-valid, the API shows it and its events reach the webhook', async () => {
    const t = await verifiedTenant(url, dns, 'smtp-dist.example.test');
    const receiver = await startWebhookReceiver();
    const transport = submissionTransport(submission, t.key);
    try {
      await request(url)
        .post('/webhooks/endpoints')
        .set(auth(t.key))
        .send({ url: receiver.url, eventTypes: ['email.sent'] })
        .expect(201);
      const info = await transport.sendMail({
        from: 'Dist <a@smtp-dist.example.test>',
        to: 'to@example.org',
        bcc: 'hidden@example.org',
        subject: 'over submission',
        text: 'hello',
      });
      const id = idIn(info.response);
      await sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === id, 15_000);
      // Without BOUNCE_DOMAIN, one transaction for both: the Bcc recipient only in its envelope.
      expect(
        copiesOf(id)
          .flatMap((c) => c.envelope.to)
          .sort(),
      ).toEqual(['hidden@example.org', 'to@example.org']);
      for (const copy of copiesOf(id)) {
        expect(copy.dkim?.result).toBe('pass');
        expect(headerOf(copy, 'Message-ID')).toBe(info.messageId);
        expect(copy.raw.toString('latin1')).not.toContain('hidden@example.org');
      }
      const [hook] = await receiver.waitFor(1, 15_000);
      expect(JSON.parse(hook.body)).toMatchObject({ type: 'email.sent', data: { messageId: id } });
      const view = await request(url).get(`/emails/${id}`).set(auth(t.key));
      expectContract(view, 'getEmail');
      expect(view.body).toMatchObject({ subject: 'over submission', to: 'to@example.org' });
    } finally {
      transport.close();
      await receiver.stop();
    }
  });

  it('when the same Message-ID is submitted twice, then the second answer names the first message and the MTA gets it once', async () => {
    const t = await verifiedTenant(url, dns, 'smtp-once.example.test');
    const transport = submissionTransport(submission, t.key, { implicitTls: true });
    const message = {
      from: 'a@smtp-once.example.test',
      to: 'r@example.org',
      subject: 'once',
      text: 'x',
      messageId: '<dist-once@client.example>',
    };
    try {
      const first = await transport.sendMail(message);
      const again = await transport.sendMail(message);
      expect(again.response).toContain(`Already accepted as ${idIn(first.response)}`);
      await sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === idIn(first.response), 15_000);
      expect((await request(url).get('/emails').set(auth(t.key))).body.total).toBe(1);
    } finally {
      transport.close();
    }
  });

  it('when the key is wrong or the From is not the tenant verified domain, then 535 5.7.8 and 550 5.7.1 come back over RabbitMQ', async () => {
    const t = await verifiedTenant(url, dns, 'smtp-refused.example.test');
    const wrong = submissionTransport(submission, 'mp_not_a_key');
    const right = submissionTransport(submission, t.key);
    try {
      await expect(
        wrong.sendMail({ from: 'a@smtp-refused.example.test', to: 'r@example.org', subject: 's', text: 'x' }),
      ).rejects.toMatchObject({
        responseCode: 535,
        response: expect.stringMatching(/^535 5\.7\.8 /),
      });
      await expect(right.sendMail({ from: 'a@elsewhere.example', to: 'r@example.org', subject: 's', text: 'x' })).rejects.toMatchObject({
        responseCode: 550,
        response: expect.stringMatching(/^550 5\.7\.1 No sending identity for elsewhere\.example/),
      });
    } finally {
      wrong.close();
      right.close();
    }
  });

  describeWithSwaks('with swaks', () => {
    it('when swaks pipelines a message over implicit TLS, then it is accepted and delivered', async () => {
      const t = await verifiedTenant(url, dns, 'smtp-swaks.example.test');
      const run = await swaks([
        ...swaksTo(submission, t.key, { implicitTls: true }),
        '--pipeline',
        '--from',
        'a@smtp-swaks.example.test',
        '--to',
        'swaks@example.org',
      ]);
      expect(run.status).toBe(0);
      const received = await sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === idIn(run.output), 15_000);
      expect(received.dkim?.result).toBe('pass');
    });
  });
});
