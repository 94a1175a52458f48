import { readFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import request from 'supertest';
import YAML from 'yaml';
import { expectContract } from './support/contract';
import { eventually } from './support/eventually';
import { auth, tenantWithDomain, waitForStatus } from './support/mail';
import { scrape } from './support/metrics';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { freshDatabase } from './support/postgres';
import { describeWithPostgres } from './support/postgres-env';

// Series of the PostgreSQL store alone: checked on a platform that uses one, below.
const POSTGRES_ONLY = ['mailplane_store_pool_connections'];

describe('GET /metrics in the embedded default', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(() => platform.stop());

  it('when scraped, then it is a valid exposition with every service, process metrics and event-loop lag', async () => {
    const { res, samples, value } = await scrape(platform.url);
    expectContract(res, 'metrics');
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const brokers = samples.filter((s) => s.name === 'mailplane_broker_connected');
    expect(Object.fromEntries(brokers.map((s) => [s.labels.service, s.value]))).toEqual({
      gateway: 1,
      billing: 1,
      mail: 1,
      webhooks: 1,
      submission: 1,
    });
    expect(value('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(samples.some((s) => s.name === 'process_resident_memory_bytes')).toBe(true);
    expect(samples.some((s) => s.name === 'mailplane_messages' && s.labels.service === 'mail' && s.labels.status === 'sent')).toBe(true);
    expect(samples.some((s) => s.name === 'mailplane_outbox_backlog_messages' && s.labels.service === 'mail')).toBe(true);
    expect(samples.some((s) => s.name === 'mailplane_outbox_oldest_due_age_seconds')).toBe(true);
    // Between 1 and SEND_CONCURRENCY (64): lower only while delivery gives way to a busy API.
    const pacing = samples.find((s) => s.name === 'mailplane_delivery_concurrency' && s.labels.service === 'mail');
    expect(pacing?.value).toBeGreaterThanOrEqual(1);
    expect(pacing?.value).toBeLessThanOrEqual(64);
    // The submission listener's certificate (here the self-signed one of the embedded default): its end, in the future.
    const expiry = value('mailplane_tls_certificate_expiry_timestamp_seconds', { service: 'submission' });
    expect(expiry).toBeGreaterThan(Date.now() / 1000 + 86_400);
  });

  it('when an email is sent and delivered, then the request, attempt and message series count it', async () => {
    const t = await tenantWithDomain(platform);
    const before = await scrape(platform.url);
    const sent = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ from: `a@${t.domain}`, to: 'r@example.org', subject: 'metered', text: 'x' });
    expect(sent.status).toBe(202);
    await waitForStatus(platform.url, t.key, sent.body.id, 'sent');
    await request(platform.url).get(`/emails/${sent.body.id}`).set(auth(t.key)).expect(200);
    const after = await scrape(platform.url);

    const sends = { name: 'mailplane_http_requests_total', labels: { operation: 'sendEmail', method: 'POST', status: '202' } };
    expect(after.value(sends.name, sends.labels) - before.value(sends.name, sends.labels)).toBe(1);
    const attempts2xx = (s: typeof after) => s.value('mailplane_delivery_attempts_total', { service: 'mail', class: '2xx' });
    expect(attempts2xx(after) - attempts2xx(before)).toBe(1);
    const sentMessages = (s: typeof after) => s.value('mailplane_messages', { service: 'mail', status: 'sent' });
    expect(sentMessages(after) - sentMessages(before)).toBe(1);
    const latency = after.value('mailplane_http_request_duration_seconds_count', { operation: 'sendEmail' });
    expect(latency).toBeGreaterThanOrEqual(1);
    // Labels name the operation, never the raw path with its ids.
    expect(after.value('mailplane_http_requests_total', { operation: 'getEmail', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(after.res.text).not.toContain(sent.body.id);
    expect(after.res.text).not.toContain(t.tenantId);
  });

  it('when the Grafana dashboard is read, then every series its panels query is one the platform exports', async () => {
    const dashboard = JSON.parse(readFileSync(path.join(__dirname, '../ops/grafana/dashboards/mailplane-overview.json'), 'utf8'));
    const exprs: string[] = dashboard.panels.flatMap((p: { targets: { expr: string }[] }) => p.targets.map((t) => t.expr));
    const queried = new Set(exprs.flatMap((e) => e.match(/\b(mailplane|nodejs|process)_[a-z0-9_]+/g) ?? []));
    expect(queried.size).toBeGreaterThan(10);
    const exported = new Set((await scrape(platform.url)).samples.map((s) => s.name));
    expect([...queried].filter((name) => !exported.has(name))).toEqual([]);
  });

  it('when the alert rules are read, then every series they query is one the platform exports', async () => {
    const rules = YAML.parse(readFileSync(path.join(__dirname, '../ops/prometheus/alerts.yml'), 'utf8'));
    const exprs: string[] = rules.groups.flatMap((g: { rules: { expr: string }[] }) => g.rules.map((r) => r.expr));
    const queried = new Set(exprs.flatMap((e) => e.match(/\b(mailplane|nodejs|process)_[a-z0-9_]+/g) ?? []));
    expect(queried.size).toBeGreaterThan(10);
    // A family declared without a sample yet (SMTP replies before the first submission) counts: its TYPE line is there.
    const { res, samples } = await scrape(platform.url);
    const exported = new Set([...samples.map((s) => s.name), ...[...res.text.matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1])]);
    expect([...queried].filter((name) => !exported.has(name) && !POSTGRES_ONLY.includes(name))).toEqual([]);
  });

  it('when the bounce listener refuses mail for a return path it never handed out, then its replies count the 550', async () => {
    const replies = async (code: string) => (await scrape(platform.url)).value('mailplane_bounce_replies_total', { service: 'mail', code });
    const before = await replies('550');
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: Number(new URL(platform.reportsUrl!).port), ignoreTLS: true });
    try {
      await expect(
        transport.sendMail({ envelope: { from: '', to: ['nobody@bounces.example'] }, raw: 'Subject: x\r\n\r\nx' }),
      ).rejects.toThrow(/550/);
    } finally {
      transport.close();
    }
    expect((await replies('550')) - before).toBe(1);
    expect(await replies('451')).toBe(0);
  });

  it('when a path matches no operation, then it is counted as `unmatched` with its status, not by its path', async () => {
    const unmatched = async () =>
      (await scrape(platform.url)).value('mailplane_http_requests_total', { operation: 'unmatched', status: '404' });
    const before = await unmatched();
    await request(platform.url).get('/no/such/route/msg_123');
    await eventually(async () => (await unmatched()) === before + 1, 'the unmatched request to be counted');
    expect((await scrape(platform.url)).res.text).not.toContain('msg_123');
  });
});

describeWithPostgres('GET /metrics of a platform on PostgreSQL', () => {
  let platform: TestPlatform;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase();
    platform = await startTestPlatform({ DATABASE_URL: database.url, DATABASE_POOL_SIZE: '6' });
  });
  afterAll(async () => {
    await platform.stop();
    await database.drop();
  });

  it("when scraped, then the process's pool connections are there: those in use, idle, waiting, and all it may open", async () => {
    await request(platform.url).get('/readyz').expect(200);
    const { samples, value } = await scrape(platform.url);
    const pool = samples.filter((s) => s.name === 'mailplane_store_pool_connections');
    expect(pool.map((s) => s.labels.state).sort()).toEqual(['idle', 'in_use', 'max', 'waiting']);
    // One shared pool of 6 and its relaxed companion of 3 (at least 2, half the size).
    expect(value('mailplane_store_pool_connections', { service: 'store', state: 'max' })).toBe(9);
    expect(
      value('mailplane_store_pool_connections', { state: 'idle' }) + value('mailplane_store_pool_connections', { state: 'in_use' }),
    ).toBeGreaterThan(0);
    expect(value('mailplane_store_pool_connections', { state: 'waiting' })).toBe(0);
    expect(POSTGRES_ONLY.every((name) => samples.some((s) => s.name === name))).toBe(true);
  });
});
