import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { freePort } from '../../platform/local/ports';
import { selfSignedCertificate } from '../../platform/self-signed-certificate';
import { startSandboxDns, type SandboxDns } from '../../sandbox/dns-server';
import { startSmtpSink, type SmtpSink } from '../../sandbox/smtp-sink';
import { distributedEnv, receivingTenant, startService } from './distributed';
import { auth } from './mail';
import { removeDir } from './platform';
import type { ServiceProcess } from './processes';
import { rawSmtp } from './submission';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

export const INBOUND_MX_HOST = 'mx.dist-inbound.test';

export interface InboundServices {
  /** The gateway's URL. */
  url: string;
  /** Mail's inbound MX listener, on 127.0.0.1; the same port across restarts of mail. */
  inboundPort: number;
  dns: SandboxDns;
  /** The tenants' application: every endpoint made by `receivingTenant` posts here. */
  receiver: WebhookReceiver;
  procs: Map<string, ServiceProcess>;
  /** Starts service `name` again (after a kill), with the same environment. */
  start(name: string): Promise<string | undefined>;
  /** A tenant receiving at `domain` (catch-all webhook route), with an endpoint for email.received at `receiver`. */
  receivingTenant(domain: string): Promise<Awaited<ReturnType<typeof receivingTenant>>>;
  /** The email.received events `receiver` got for `recipient`. */
  receivedFor(recipient: string): { type: string; data: Record<string, unknown> }[];
  stop(): Promise<void>;
}

/**
 * Mail (its inbound listener on, STARTTLS with a self-signed certificate), webhooks and the gateway as processes of
 * their own over the run's RabbitMQ, each with its own data folder under one temporary directory.
 */
export async function startInboundServices(extra: Record<string, string> = {}): Promise<InboundServices> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-dist-inbound-'));
  const dns = await startSandboxDns();
  const sink: SmtpSink = await startSmtpSink();
  const receiver = await startWebhookReceiver();
  const inboundPort = await freePort();
  const { cert, key } = selfSignedCertificate(INBOUND_MX_HOST);
  writeFileSync(path.join(dataDir, 'cert.pem'), cert);
  writeFileSync(path.join(dataDir, 'key.pem'), key);
  const env = distributedEnv(process.env.AMQP_URL!, dataDir, {
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    DNS_SERVERS: `127.0.0.1:${dns.port}`,
    WEBHOOK_SANDBOX: 'true',
    OUTBOX_SWEEP_MS: '200',
    INBOUND_MX_HOST,
    INBOUND_HOST: '127.0.0.1',
    INBOUND_PORT: String(inboundPort),
    INBOUND_TLS_CERT: path.join(dataDir, 'cert.pem'),
    INBOUND_TLS_KEY: path.join(dataDir, 'key.pem'),
    ...extra,
  });
  const procs = new Map<string, ServiceProcess>();
  const start = (name: string) => startService(procs, name, env);
  const stop = async () => {
    await Promise.all([...procs.values()].map((p) => p.kill()));
    await receiver.stop();
    await sink.stop();
    await dns.stop();
    removeDir(dataDir);
  };
  try {
    await Promise.all(['mail', 'webhooks'].map(start));
    const url = (await start('gateway'))!;
    return {
      url,
      inboundPort,
      dns,
      receiver,
      procs,
      start,
      async receivingTenant(domain) {
        const t = await receivingTenant(url, dns, domain);
        const hooks = { url: receiver.url, eventTypes: ['email.received'] };
        await request(url).post('/webhooks/endpoints').set(auth(t.key)).send(hooks).expect(201);
        return t;
      },
      receivedFor: (recipient) =>
        receiver.received.map((h) => JSON.parse(h.body)).filter((e) => e.type === 'email.received' && e.data?.recipient === recipient),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * A sending MTA in the middle of DATA at the inbound listener `url`: the envelope accepted, 354 answered, `partial`
 * written (no end of data). Resolves with the session, whose next reply or close the caller waits on.
 */
export async function midData(url: string, to: string, partial: string) {
  const smtp = await rawSmtp({ url, tlsUrl: '', certFile: undefined });
  for (const [command, reply] of [
    ['EHLO mta.customer.example', /^250/],
    ['MAIL FROM:<jo@customer.example>', /^250/],
    [`RCPT TO:<${to}>`, /^250/],
    ['DATA', /^354/],
  ] as const) {
    const answer = await smtp.command(command);
    if (!reply.test(answer)) throw new Error(`${command} answered ${answer}`);
  }
  smtp.write(partial);
  return smtp;
}
