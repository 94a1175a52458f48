import { readFileSync } from 'node:fs';
import request from 'supertest';
import { startSmtpSink, type SinkTransaction, type SmtpSink } from '../sandbox/smtp-sink';
import { postJson } from './support/burst';
import { startTestCluster, type TestCluster } from './support/cluster';
import { expectEveryKeyOnce, holdTransactionsOpen } from './support/crash-run';
import { describeWithRabbit } from './support/env';
import { eventually, untilCountReaches } from './support/eventually';
import { startKeyedSender } from './support/keyed-sends';
import { auth, tenantWithDomain } from './support/mail';
import { ADMIN_TOKEN } from './support/platform';
import { describeWithPostgres } from './support/postgres-env';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

const SENDS = 1000;
const RPC_TIMEOUT_MS = 4000;
// An Idempotency-Key's lease: the request's deadline (under RPC_TIMEOUT_MS) plus a second for the answer, plus slack.
const KEY_LEASE_BOUND_MS = RPC_TIMEOUT_MS + 2000;
const QUOTA = 60;
/** Keyed sends the client has in flight at once. */
const CONCURRENCY = 12;

// The cluster as `npm run start:cluster` runs it, over the run's private RabbitMQ and a PostgreSQL database of its
// own: 2 gateways, 2 mail, 2 webhooks, 1 billing (and a dashboard and an SMTP submission replica), each a process with a DATA_DIR of its own.
// The recipient's MTA is a sink in the test process, journaling every transaction across the kills.
describeWithRabbit('replicas of every service as processes, under kills', () =>
  describeWithPostgres('on PostgreSQL', () => {
    let cluster: TestCluster;
    let sink: SmtpSink;
    let receiver: WebhookReceiver;
    let gateways: string[];
    beforeAll(async () => {
      sink = await startSmtpSink();
      receiver = await startWebhookReceiver();
      cluster = await startTestCluster({
        REPLICAS: '2',
        REPLICAS_BILLING: '1',
        REPLICAS_SUBMISSION: '1',
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS),
        SEND_LEASE_MS: '3000',
        JOB_LEASE_MS: '2000',
        RETRY_SCHEDULE: '200ms,500ms,1s,1s,2s,2s,3s,3s',
        SEND_RATE_LIMIT: '100000',
        DEFAULT_MONTHLY_QUOTA: String(QUOTA),
        SEND_CONCURRENCY: '8',
        SMTP_POOL_SIZE: '2',
        DELIVERY_THREADS: '1',
      });
      gateways = cluster.replicas.filter((r) => r.role === 'gateway').map((g) => `http://127.0.0.1:${g.ports.PORT}`);
    }, 300_000);
    afterAll(async () => {
      await cluster?.stop();
      await receiver.stop();
      await sink.stop();
    }, 120_000);

    const other = (gateway: string) => gateways.find((g) => g !== gateway)!;
    const replica = (role: string, index: number) => cluster.replicas.find((r) => r.role === role && r.index === index)!;

    it('when each replica runs, then it is a process of its own with a DATA_DIR of its own', () => {
      const dataDirs = cluster.replicas.map((r) => {
        const environ = readFileSync(`/proc/${r.pid()}/environ`, 'utf8').split('\0');
        return environ.find((v) => v.startsWith('DATA_DIR='));
      });
      expect(cluster.replicas.map((r) => `${r.role} ${r.index}`).sort()).toEqual(
        ['billing 1', 'dashboard 1', 'gateway 1', 'gateway 2', 'mail 1', 'mail 2', 'submission 1', 'webhooks 1', 'webhooks 2'].sort(),
      );
      expect(new Set(cluster.replicas.map((r) => r.pid())).size).toBe(cluster.replicas.length);
      expect(new Set(dataDirs).size).toBe(cluster.replicas.length);
    });

    it(`when ${SENDS} keyed sends go through both gateways and a mail replica and a gateway are SIGKILLed mid-run, then every key is one message, delivered once but for open transactions, replayed alike through the other gateway, and announced once`, async () => {
      const t = await tenantWithDomain(cluster);
      await request(cluster.url).post(`/admin/tenants/${t.tenantId}/grant`).set(auth(ADMIN_TOKEN)).send({ plan: 'partner' }).expect(200);
      for (const gateway of gateways)
        await eventually(async () => (await usage(gateway, t.key))?.limit === 50_000, 'the granted quota in mail', 30_000);
      const hooks = { url: receiver.url, eventTypes: ['email.sent'] };
      await request(cluster.url).post('/webhooks/endpoints').set(auth(t.key)).send(hooks).expect(201);

      let turn = 0;
      const sender = startKeyedSender({
        // Each attempt to the next gateway: a key refused by one (or cut by its death) is retried on the other.
        url: () => gateways[turn++ % gateways.length],
        apiKey: t.key,
        concurrency: CONCURRENCY,
        reachable: async () => undefined,
        body: (n) => ({ from: `a@${t.domain}`, to: `r${n}@example.org`, subject: `replicas ${n}`, text: 'x' }),
      });
      await sender.accepted(SENDS / 3);
      await holdTransactionsOpen(sink, cluster.url, t.key);
      const [mail, gateway] = [replica('mail', 1), replica('gateway', 1)];
      const killMark = sink.mark();
      const killedAt = Date.now();
      process.kill(mail.pid()!, 'SIGKILL');
      process.kill(gateway.pid()!, 'SIGKILL');
      sink.holdReplies(false);
      const restartMark = sink.mark();
      await Promise.all([mail.waitForStarts(2), gateway.waitForStarts(2)]);
      await sender.answered(() => sender.keys.length >= SENDS);
      await sender.finish();

      const openAtKill = (tr: SinkTransaction) => tr.openedAt < restartMark && (tr.answeredAt === null || tr.answeredAt > killMark);
      const replays = sender.keys.filter((_, i) => i % 40 === 0);
      const extra = await expectEveryKeyOnce(
        { sender, url: cluster.url, apiKey: t.key, sink, replays, replayVia: other },
        { inFlightBound: killedAt + KEY_LEASE_BOUND_MS, openAtKill },
      );
      const ids = new Set(sender.answers.filter((a) => a.status === 202).map((a) => a.id!));

      // Every email.sent reached the endpoint, each message's under one webhook-id however often it came.
      const announced = () => new Set(receiver.received.map(messageOf)).size;
      await untilCountReaches(announced, ids.size, 'an email.sent for every message');
      const webhookIds = new Map<string, Set<string>>();
      for (const hook of receiver.received) {
        const got = webhookIds.get(messageOf(hook)) ?? new Set();
        webhookIds.set(messageOf(hook), got.add(String(hook.headers['webhook-id'])));
      }
      expect([...webhookIds.keys()].sort()).toEqual([...ids].sort());
      expect([...webhookIds].filter(([, got]) => got.size !== 1)).toEqual([]);

      // Every gateway tells the same totals: the messages, those sent, the month's usage. Usage may exceed the
      // messages by the sends the killed mail replica was in the middle of (at most the client's CONCURRENCY): on
      // PostgreSQL the quota's increment commits before the message (counter-writes-settle-with-next-write), and the
      // key's retry reserves again. It never counts fewer, so the quota is never exceeded.
      const keys = sender.keys.length;
      const totals = [];
      for (const via of gateways) {
        const total = async (query: string) => (await request(via).get(`/emails?limit=1${query}`).set(auth(t.key))).body.total;
        totals.push({ all: await total(''), sent: await total('&status=sent'), used: (await usage(via, t.key))!.used });
      }
      expect(totals[1]).toEqual(totals[0]);
      expect(totals[0]).toEqual({ all: keys, sent: keys, used: expect.any(Number) });
      expect(totals[0].used - keys).toBeGreaterThanOrEqual(0);
      expect(totals[0].used - keys).toBeLessThanOrEqual(CONCURRENCY);
      const refused = sender.answers.filter((a) => a.status !== 202).length;
      process.stdout.write(
        `cluster replicas kill: ${keys} keys, ${extra} extra copies at the MTA, ${refused} answers to retry, usage ${totals[0].used}\n`,
      );
    }, 300_000);

    it('when one tenant races past its monthly quota through both gateways at once, then exactly the quota is accepted', async () => {
      const t = await tenantWithDomain(cluster);
      // All at once; one the gateway sheds under this burst (503, its admission control) is sent again, as a client does.
      const sends = Array.from({ length: QUOTA + 40 }, async (_, i) => {
        const body = { from: `q@${t.domain}`, to: `r${i}@example.org`, subject: 'race', text: 'x' };
        for (;;) {
          const answer = await postJson(gateways[i % 2], '/emails', auth(t.key), body);
          if (answer.status !== 503) return answer;
          await new Promise((r) => setTimeout(r, 50)); // a client's pause before trying again
        }
      });
      const answers = await Promise.all(sends);
      const statuses = answers.map((a) => `${a.status} ${a.code ?? ''}`.trim());
      expect(statuses.filter((s) => s === '202').length).toBe(QUOTA);
      expect(statuses.filter((s) => s !== '202')).toEqual(Array(40).fill('422 quota_exceeded'));
      for (const via of gateways) {
        const listed = await request(via).get('/emails?limit=1').set(auth(t.key));
        expect({ via, total: listed.body.total, used: (await usage(via, t.key))?.used }).toEqual({ via, total: QUOTA, used: QUOTA });
      }
    }, 120_000);
  }),
);

const usage = async (url: string, key: string) =>
  (await request(url).get('/billing/state').set(auth(key))).body.usage as { used: number; limit: number } | null;

const messageOf = (hook: { body: string }) => JSON.parse(hook.body).data.messageId as string;
