import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startSandboxDns, type SandboxDns } from '../sandbox/dns-server';
import { startSmtpSink, type SmtpSink } from '../sandbox/smtp-sink';
import { distributedEnv, startService, verifiedTenant } from './support/distributed';
import { describeWithRabbit } from './support/env';
import { auth, headerOf } from './support/mail';
import { startOtlpCollector, type CollectedSpan, type OtlpCollector } from './support/otlp-collector';
import { removeDir } from './support/platform';
import { spawnBin, type ServiceProcess } from './support/processes';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

// The W3C trace context the test's own client sends with the API request: the platform's trace continues it.
const CALLER_TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN_ID = '00f067aa0ba902b7';
const SPAN_KIND = { server: 2, client: 3, consumer: 5 };

describeWithRabbit('traces: one send is one trace across the distributed processes', () => {
  const procs = new Map<string, ServiceProcess>();
  let dataDir: string;
  let dns: SandboxDns;
  let sink: SmtpSink;
  let collector: OtlpCollector;
  let receiver: WebhookReceiver;
  let url: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-traces-'));
    // The collector, the recipient's MTA, the DNS and the tenant's webhook receiver: outside systems, played here.
    collector = await startOtlpCollector();
    dns = await startSandboxDns();
    sink = await startSmtpSink();
    receiver = await startWebhookReceiver();
    const env = distributedEnv(process.env.AMQP_URL!, dataDir, {
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      DNS_SERVERS: `127.0.0.1:${dns.port}`,
      WEBHOOK_SANDBOX: 'true',
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      // Spans leave each process 50 ms after they end, so the test waits on their arrival, not on a batch timer.
      OTEL_BSP_SCHEDULE_DELAY: '50',
    });
    await Promise.all(['billing', 'mail', 'webhooks'].map((name) => startService(procs, name, env)));
    url = (await startService(procs, 'gateway', env))!;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...procs.values()].map((p) => p.kill()));
    await Promise.all([receiver.stop(), sink.stop(), dns.stop(), collector.stop()]);
    removeDir(dataDir);
  });

  it('when an email is sent to a tenant with a webhook endpoint, then the request, accept, SMTP send, event and webhook POST share one trace, with ids and no secrets', async () => {
    const t = await verifiedTenant(url, dns, 'traced.example.test');
    await request(url)
      .post('/webhooks/endpoints')
      .set(auth(t.key))
      .send({ url: receiver.url, eventTypes: ['email.sent'] })
      .expect(201);
    const recipient = 'someone.private@example.org';
    const text = 'a body no span may quote 7f3c';
    const sent = await request(url)
      .post('/emails')
      .set(auth(t.key))
      .set('traceparent', `00-${CALLER_TRACE_ID}-${CALLER_SPAN_ID}-01`)
      .send({ from: 'hello@traced.example.test', to: recipient, subject: 'traced subject', text });
    expect(sent.status).toBe(202);
    const messageId = sent.body.id as string;

    await sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === messageId, 15_000);
    const [hook] = await receiver.waitFor(1, 15_000);
    // The tenant's receiver is handed the same trace, a child of the webhook POST span.
    const traceparent = String(hook.headers.traceparent);
    expect(traceparent).toMatch(new RegExp(`^00-${CALLER_TRACE_ID}-[0-9a-f]{16}-01$`));

    const inTrace = () => collector.spans.filter((s) => s.traceId === CALLER_TRACE_ID);
    const find = (service: string, name: string) => inTrace().find((s) => s.service === service && s.name === name);
    const expected: [string, string][] = [
      ['mailplane-gateway', 'POST /emails'],
      ['mailplane-gateway', 'request rpc.mail'],
      ['mailplane-mail', 'serve sendEmail'],
      ['mailplane-mail', 'process mail.outbox'],
      ['mailplane-mail', 'smtp send'],
      ['mailplane-webhooks', 'process webhooks.events'],
      ['mailplane-webhooks', 'process webhooks.deliveries'],
      ['mailplane-webhooks', 'webhook POST'],
    ];
    const missing = () => expected.filter(([service, name]) => !find(service, name));
    await collector.waitFor(
      () => missing().length === 0,
      () => `${JSON.stringify(missing())} among ${JSON.stringify(inTrace().map((s) => [s.service, s.name]))}`,
    );
    const span = (service: string, name: string) => find(service, name) as CollectedSpan;

    const api = span('mailplane-gateway', 'POST /emails');
    expect(api).toMatchObject({ parentSpanId: CALLER_SPAN_ID, kind: SPAN_KIND.server });
    expect(api.attributes).toMatchObject({ 'http.route': '/emails', 'http.response.status_code': 202, 'mailplane.tenant_id': t.tenantId });
    const accept = span('mailplane-mail', 'serve sendEmail');
    expect(accept.parentSpanId).toBe(span('mailplane-gateway', 'request rpc.mail').spanId);
    expect(accept.attributes).toMatchObject({ 'mailplane.message_id': messageId, 'mailplane.tenant_id': t.tenantId });
    const outbox = span('mailplane-mail', 'process mail.outbox');
    expect(outbox).toMatchObject({ kind: SPAN_KIND.consumer });
    expect(outbox.attributes).toMatchObject({ 'mailplane.message_id': messageId, 'mailplane.tenant_id': t.tenantId });
    const smtp = span('mailplane-mail', 'smtp send');
    expect(smtp).toMatchObject({ parentSpanId: outbox.spanId, kind: SPAN_KIND.client });
    expect(smtp.attributes).toMatchObject({
      'mailplane.message_id': messageId,
      'mailplane.tenant_id': t.tenantId,
      'mailplane.smtp.code': 250,
    });
    const events = inTrace().filter((s) => s.name === 'process webhooks.events');
    expect(events.some((e) => e.parentSpanId === outbox.spanId && e.attributes['mailplane.message.type'] === 'email.sent')).toBe(true);
    const post = span('mailplane-webhooks', 'webhook POST');
    expect(post.parentSpanId).toBe(span('mailplane-webhooks', 'process webhooks.deliveries').spanId);
    expect(post.attributes).toMatchObject({
      'mailplane.message_id': messageId,
      'mailplane.tenant_id': t.tenantId,
      'http.response.status_code': 200,
    });
    expect(traceparent.split('-')[2]).toBe(post.spanId);

    // Every span of the trace hangs off another of it (or the caller's): one tree, nothing orphaned.
    const ids = new Set([CALLER_SPAN_ID, ...inTrace().map((s) => s.spanId)]);
    expect(inTrace().filter((s) => !ids.has(s.parentSpanId))).toEqual([]);
    // No span anywhere quotes an address, the API key, the body or the subject.
    const values = collector.spans.flatMap((s) => [s.name, ...Object.values(s.attributes).map(String)]);
    for (const secret of [recipient, 'hello@traced.example.test', t.key, text, 'traced subject'])
      expect(values.filter((v) => v.includes(secret))).toEqual([]);
  });

  it('when a scheduled email is released by the sweeper, then its delivery continues the trace of the request that scheduled it', async () => {
    const traceId = '5bf92f3577b34da6a3ce929d0e0e4737';
    const t = await verifiedTenant(url, dns, 'later.traced.example.test');
    const sent = await request(url)
      .post('/emails')
      .set(auth(t.key))
      .set('traceparent', `00-${traceId}-${CALLER_SPAN_ID}-01`)
      .send({
        from: 'hello@later.traced.example.test',
        to: 'r@example.org',
        subject: 'later',
        text: 'x',
        scheduledAt: new Date(Date.now() + 1500).toISOString(),
      });
    expect(sent.body.status).toBe('scheduled');
    await sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === sent.body.id, 15_000);

    const inTrace = () => collector.spans.filter((s) => s.traceId === traceId);
    const named = (name: string) => inTrace().find((s) => s.service === 'mailplane-mail' && s.name === name);
    await collector.waitFor(
      () => ['serve sendEmail', 'release scheduled message', 'process mail.outbox', 'smtp send'].every((name) => named(name)),
      () => JSON.stringify(inTrace().map((s) => [s.service, s.name])),
    );
    const release = named('release scheduled message') as CollectedSpan;
    expect(release.parentSpanId).toBe(named('serve sendEmail')!.spanId);
    expect(release.attributes).toMatchObject({ 'mailplane.message_id': sent.body.id, 'mailplane.tenant_id': t.tenantId });
    const ids = new Set([CALLER_SPAN_ID, ...inTrace().map((s) => s.spanId)]);
    expect(inTrace().filter((s) => !ids.has(s.parentSpanId))).toEqual([]);
  });

  it('when OTEL_EXPORTER_OTLP_ENDPOINT is unset, then a process loads no OpenTelemetry SDK; when set to http/protobuf, it exports protobuf', async () => {
    const probe = async (env: Record<string, string>) => {
      const proc = spawnBin('telemetry-probe', ['test/support/telemetry-probe.ts'], { DATA_DIR: dataDir, ...env });
      procs.set(`probe-${procs.size}`, proc);
      return JSON.parse((await proc.waitForOutput(/loaded (\[.*\])/, 60_000))[1]) as string[];
    };
    expect(await probe({})).toEqual(['@opentelemetry/api']);
    const loaded = await probe({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' });
    expect(loaded).toEqual(expect.arrayContaining(['@opentelemetry/sdk-trace-node', '@opentelemetry/exporter-trace-otlp-proto']));
    // The probe's one span, in protobuf: its service name and its attribute travel as their bytes.
    await collector.waitFor(() => collector.protobufBodies.length > 0, 'a protobuf export');
    const body = collector.protobufBodies[0].toString('latin1');
    expect(body).toContain('mailplane-probe');
    expect(body).toContain('msg_probe');
  });
});
