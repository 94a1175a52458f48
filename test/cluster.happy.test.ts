import { readFileSync } from 'node:fs';
import request from 'supertest';
import { ROLES } from '../platform/cluster/roles';
import { signIn } from '../services/dashboard/test/support';
import { startTestCluster, type TestCluster } from './support/cluster';
import { endToEndChecks } from './support/end-to-end';
import { eventually } from './support/eventually';
import { describeWithRabbit } from './support/env';
import { auth, headerOf, tenantWithDomain } from './support/mail';
import { describeWithPostgres } from './support/postgres-env';
import { startWebhookReceiver } from './support/webhook-receiver';

/** Gone, or a zombie waiting to be reaped (whose sockets are closed). */
function isDead(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].startsWith('Z');
  } catch {
    return true;
  }
}

// `npm run start:cluster`'s launcher in the test process, over the run's RabbitMQ and PostgreSQL: two replicas of
// every service and of the dashboard, each its own process, HAProxy in front.
describeWithRabbit('the cluster', () =>
  describeWithPostgres('on PostgreSQL', () => {
    let cluster: TestCluster;
    beforeAll(async () => {
      cluster = await startTestCluster({ REPLICAS: '2', REPLICAS_BILLING: '2', REPLICAS_DASHBOARD: '2', SEND_RATE_LIMIT: '1000' });
    }, 300_000);
    afterAll(() => cluster?.stop(), 120_000);

    describe('end to end, through the balancer', () =>
      endToEndChecks(
        () => cluster,
        () => cluster.sandboxTenant!.apiKey,
      ));

    it('when one replica of each service is SIGKILLed through its pid, then the cluster keeps answering and each is restarted', async () => {
      const t = await tenantWithDomain(cluster);
      const receiver = await startWebhookReceiver();
      try {
        const hooks = { url: receiver.url, eventTypes: ['email.sent'] };
        await request(cluster.url).post('/webhooks/endpoints').set(auth(t.key)).send(hooks).expect(201);
        const session = await signIn(cluster.dashboardUrl, t.key);
        const victims = ROLES.map((role) => cluster.replicas.find((r) => r.role === role && r.index === 1)!);
        const pids = victims.map((v) => v.pid()!);
        for (const pid of pids) process.kill(pid, 'SIGKILL');
        // Dead, its sockets closed: a request sent to a process the kernel is still tearing down would be lost with it.
        await eventually(() => pids.every(isDead), 'the killed replicas gone', 5000);

        // At once, before the balancer's checks can notice: a refused connection is retried on the other gateway.
        const ids: string[] = [];
        for (let i = 0; i < 5; i++) {
          const sent = await request(cluster.url)
            .post('/emails')
            .set(auth(t.key))
            .send({ from: `a@${t.domain}`, to: `r${i}@example.org`, subject: `after the kill ${i}`, text: 'x' });
          expect(sent.status).toBe(202);
          ids.push(sent.body.id);
        }
        expect((await request(cluster.url).get('/billing/state').set(auth(t.key))).status).toBe(200);
        expect((await request(cluster.dashboardUrl).get('/emails').set('Cookie', session.cookie)).status).toBe(200);
        for (const id of ids) await cluster.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === id, 30_000);
        const delivered = (await receiver.waitFor(ids.length, 30_000)).map((h) => JSON.parse(h.body).data.messageId);
        expect(delivered.sort()).toEqual([...ids].sort());

        for (const [i, victim] of victims.entries()) {
          await victim.waitForStarts(2);
          expect(victim.pid()).not.toBe(pids[i]);
          expect(cluster.said).toEqual(
            expect.arrayContaining([
              `  ${victim.name} (pid ${pids[i]}) exited (signal SIGKILL); restarting`,
              expect.stringMatching(new RegExp(`^  ${victim.name} restarted: pid ${victim.pid()} `)),
            ]),
          );
          // Back on the same port, ready: its API (gateway, dashboard) or its ops listener.
          const port = victim.ports.OPS_PORT ?? victim.ports.PORT;
          expect({ victim: victim.name, status: (await fetch(`http://127.0.0.1:${port}/readyz`)).status }).toEqual({
            victim: victim.name,
            status: 200,
          });
        }
      } finally {
        await receiver.stop();
      }
    }, 120_000);
  }),
);
