import request from 'supertest';
import { startSmtpSink, type SmtpSink } from '../sandbox/smtp-sink';
import { startTestCluster, type TestCluster } from './support/cluster';
import { describeWithRabbit } from './support/env';
import { eventually } from './support/eventually';
import { auth, tenantWithDomain } from './support/mail';
import { ADMIN_TOKEN } from './support/platform';
import { describeWithPostgres } from './support/postgres-env';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

const SIM = 'simulator.mailplane.test';
const BOUNCES = 12;

const sendAfterPause = (gateway: string, t: { key: string; domain: string }) =>
  request(gateway)
    .post('/emails')
    .set(auth(t.key))
    .send({ from: `a@${t.domain}`, to: `accept@${SIM}`, subject: 's', text: 'x' });

// Two mail replicas (processes) over one PostgreSQL database: both count the tenant's outcomes and both judge it; one
// status change, one event.
describeWithRabbit('reputation across mail replicas', () =>
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
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        SEND_RATE_LIMIT: '100000',
        REPUTATION_MIN_VOLUME: '10',
        REPUTATION_BOUNCE_REVIEW: '0.2',
        REPUTATION_BOUNCE_PAUSE: '0.4',
        DELIVERY_THREADS: '0',
      });
      gateways = cluster.replicas.filter((r) => r.role === 'gateway').map((g) => `http://127.0.0.1:${g.ports.PORT}`);
    }, 300_000);
    afterAll(async () => {
      await cluster?.stop();
      await receiver.stop();
      await sink.stop();
    }, 120_000);

    it('when bounces counted by both mail replicas cross the pause threshold, then the tenant is paused once, with one sending.paused, and another tenant sends on', async () => {
      const bad = await tenantWithDomain(cluster);
      const good = await tenantWithDomain(cluster);
      await request(cluster.url)
        .post('/webhooks/endpoints')
        .set(auth(bad.key))
        .send({ url: receiver.url, eventTypes: ['sending.review', 'sending.paused', 'sending.resumed'] })
        .expect(201);
      const sends = Array.from({ length: BOUNCES }, (_, i) =>
        request(gateways[i % 2])
          .post('/emails')
          .set(auth(bad.key))
          .send({ from: `a@${bad.domain}`, to: `bounce+${i}@${SIM}`, subject: 's', text: 'x' }),
      );
      const answers = await Promise.all(sends);
      expect(answers.every((a) => a.status === 202 || a.status === 403)).toBe(true);

      await eventually(async () => receiver.received.length >= 1, 'sending.paused delivered', 60_000);
      const reputation = await request(cluster.url).get('/reputation').set(auth(bad.key)).expect(200);
      expect(reputation.body.status).toBe('paused');
      // Each mail replica trusts the standing it read for up to 2 s (STANDING_FRESH_MS): the pause holds on every
      // replica once that has passed, whichever one the next send reaches.
      let refused: request.Response | undefined;
      await eventually(async () => (refused = await sendAfterPause(gateways[1], bad)).status === 403, 'the pause on every replica', 5000);
      expect(refused!.status).toBe(403);
      expect(refused!.body.code).toBe('sending_paused');
      for (const gateway of gateways)
        await request(gateway)
          .post('/emails')
          .set(auth(good.key))
          .send({ from: `a@${good.domain}`, to: `accept@${SIM}`, subject: 's', text: 'x' })
          .expect(202);

      // The resume's event comes after whatever either replica decided before it.
      await request(cluster.url).post(`/admin/tenants/${bad.tenantId}/resume-sending`).set(auth(ADMIN_TOKEN)).expect(200);
      await eventually(async () => receiver.received.some((h) => JSON.parse(h.body).type === 'sending.resumed'), 'sending.resumed', 30_000);
      const types = receiver.received.map((h) => JSON.parse(h.body).type);
      expect(types.filter((t) => t === 'sending.paused')).toHaveLength(1);
      expect(types.filter((t) => t === 'sending.review').length).toBeLessThanOrEqual(1);
    }, 120_000);
  }),
);
