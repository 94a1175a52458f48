import { readFileSync } from 'node:fs';
import request from 'supertest';
import { ROLES } from '../platform/cluster/roles';
import { previousRelease, previousReleaseTree } from './support/previous-release';
import { signIn } from './support/dashboard-sign-in';
import { startTestCluster, type TestCluster } from './support/cluster';
import { endToEndChecks } from './support/end-to-end';
import { eventually } from './support/eventually';
import { describeWithRabbit } from './support/env';
import { auth, dkimVerdicts, headerOf, tenantWithDomain } from './support/mail';
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
    const release = previousRelease();
    beforeAll(async () => {
      cluster = await startTestCluster({
        // Every replica runs the previous release until the first test rolls them onto this version.
        CLUSTER_START_FROM: previousReleaseTree(release),
        REPLICAS: '2',
        REPLICAS_BILLING: '2',
        REPLICAS_DASHBOARD: '2',
        SEND_RATE_LIMIT: '1000',
        // A rolling restart of twelve replicas at 50 sends/s takes more than the default 3,000 a month.
        DEFAULT_MONTHLY_QUOTA: '100000',
      });
    }, 300_000);
    afterAll(() => cluster?.stop(), 120_000);

    /** Open loop: one send every 20 ms whatever the answers take, spread over the gateways by the balancer. */
    const sendingAt50PerSecond = (t: { key: string; domain: string }, subject: string) => {
      // A refusal with what it said, so a failure names its cause (the problem's type or HAProxy's page).
      const statuses: (number | string)[] = [];
      const ids: string[] = [];
      const inFlight: Promise<void>[] = [];
      const timer = setInterval(() => {
        const n = inFlight.length;
        inFlight.push(
          request(cluster.url)
            .post('/emails')
            .set(auth(t.key))
            .send({ from: `news@${t.domain}`, to: `r${n}@example.org`, subject: `${subject} ${n}`, text: 'Hello' })
            .then((res) => {
              statuses.push(res.status === 202 ? 202 : `${res.status} ${res.body?.type ?? res.text.slice(0, 120)}`);
              if (res.status === 202) ids.push(res.body.id);
            }),
        );
      }, 20);
      const stop = async () => {
        clearInterval(timer);
        await Promise.all(inFlight);
      };
      return { ids, statuses, stop };
    };

    /** The replicas whose process runs a file of the previous release's tree, read from the kernel's process table. */
    const onPreviousRelease = () =>
      cluster.replicas
        .filter((r) => readFileSync(`/proc/${r.pid()}/cmdline`, 'utf8').includes(`${cluster.startedFrom}/`))
        .map((r) => r.name);

    it(`when every replica is rolled from the previous release (${release.version}), one of each service at a time, while 50 sends/s go on, then every send is answered 202, every message reaches the MTA once and every replica runs this version`, async () => {
      expect(onPreviousRelease()).toEqual(cluster.replicas.map((r) => r.name));
      const t = await tenantWithDomain(cluster);
      const { ids, statuses, stop } = sendingAt50PerSecond(t, 'upgrade');
      const starts = cluster.replicas.map((r) => r.starts());
      try {
        await eventually(async () => ids.length >= 50, '50 sends before the roll', 20_000);
        await cluster.roll();
        const mark = ids.length;
        await eventually(async () => ids.length >= mark + 50, '50 sends after the roll', 20_000);
      } finally {
        await stop();
      }
      expect(cluster.replicas.map((r, i) => r.starts() - starts[i])).toEqual(cluster.replicas.map(() => 1));
      expect(cluster.said.filter((line) => line.includes('for a rolling restart'))).toHaveLength(cluster.replicas.length);
      expect(onPreviousRelease()).toEqual([]);
      expect(statuses.filter((s) => s !== 202)).toEqual([]);
      await Promise.all(ids.map((m) => cluster.sandbox.sink.waitFor((r) => headerOf(r, 'X-Mailplane-Message-Id') === m, 60_000)));
      const copies = new Map<string, number>();
      for (const m of cluster.sandbox.sink.messages()) {
        const id = headerOf(m, 'X-Mailplane-Message-Id');
        if (id && ids.includes(id)) copies.set(id, (copies.get(id) ?? 0) + 1);
      }
      // Each replica drained before it exited: no SMTP transaction was cut, so none is sent twice.
      expect([...copies.values()].filter((n) => n !== 1)).toEqual([]);
    }, 420_000);

    describe('end to end, through the balancer', () =>
      endToEndChecks(
        () => cluster,
        () => cluster.sandboxTenant!.apiKey,
      ));

    it('when both DKIM keys rotate while two gateways and two mail replicas take 50 sends/s, then every message carries an RSA and an Ed25519 signature that pass against the records published (0 bad)', async () => {
      const t = await tenantWithDomain(cluster);
      const id = t.identity.id;
      const published: { name: string; value: string }[] = [];
      const publish = (records: { purpose: string; keyState?: string; name: string; value: string }[], keyState: string) => {
        for (const r of records.filter((d) => d.purpose === 'dkim' && d.keyState === keyState)) {
          cluster.sandbox.dns.setTxt(r.name, [r.value]);
          published.push(r);
        }
      };
      publish(t.identity.dnsRecords as never, 'current');
      const ed = await request(cluster.url)
        .patch(`/identities/${id}`)
        .set(auth(t.key))
        .send({ dkimAlgorithms: ['rsa-sha256', 'ed25519-sha256'] })
        .expect(200);
      publish(ed.body.dnsRecords, 'pending');
      await request(cluster.url).post(`/identities/${id}/verify`).set(auth(t.key)).expect(200);

      const { ids, statuses, stop } = sendingAt50PerSecond(t, 'rotation');
      try {
        await eventually(async () => ids.length >= 100, '100 sends before the rotation', 20_000);
        const rsa = await request(cluster.url).post(`/identities/${id}/dkim/rotate`).set(auth(t.key)).expect(200);
        const both = await request(cluster.url)
          .post(`/identities/${id}/dkim/rotate`)
          .set(auth(t.key))
          .send({ algorithm: 'ed25519-sha256' })
          .expect(200);
        expect(rsa.body.dnsRecords.filter((r: { keyState?: string }) => r.keyState === 'pending')).toHaveLength(1);
        await eventually(async () => ids.length >= 200, '100 sends while the rotation is pending', 20_000);
        publish(both.body.dnsRecords, 'pending');
        const switched = await request(cluster.url).post(`/identities/${id}/verify`).set(auth(t.key)).expect(200);
        expect(switched.body.selector).toBe('mp2');
        const mark = ids.length;
        await eventually(async () => ids.length >= mark + 100, '100 sends after the switch', 20_000);
      } finally {
        await stop();
      }
      expect(statuses.filter((s) => s !== 202)).toEqual([]);
      const received = await Promise.all(
        ids.map((m) => cluster.sandbox.sink.waitFor((r) => headerOf(r, 'X-Mailplane-Message-Id') === m, 60_000)),
      );
      const verdicts = await Promise.all(received.map((m) => dkimVerdicts(m.raw, published)));
      expect(verdicts.filter((v) => v.length !== 2 || v.some(([, , result]) => result !== 'pass'))).toEqual([]);
      const selectors = new Set(verdicts.flatMap((v) => v.map(([, selector]) => selector)));
      expect(selectors).toEqual(new Set(['mp1', 'mp2', 'mp1-ed25519', 'mp2-ed25519']));
    }, 180_000);

    it('when one replica of each service is SIGKILLed through its pid, then the cluster keeps answering and each is restarted', async () => {
      const t = await tenantWithDomain(cluster);
      const receiver = await startWebhookReceiver();
      try {
        const hooks = { url: receiver.url, eventTypes: ['email.sent'] };
        await request(cluster.url).post('/webhooks/endpoints').set(auth(t.key)).send(hooks).expect(201);
        const session = await signIn(cluster.dashboardUrl, t.key);
        const victims = ROLES.map((role) => cluster.replicas.find((r) => r.role === role && r.index === 1)!);
        const pids = victims.map((v) => v.pid()!);
        const starts = victims.map((v) => v.starts());
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
          await victim.waitForStarts(starts[i] + 1);
          expect(victim.pid()).not.toBe(pids[i]);
          expect(cluster.said).toEqual(
            expect.arrayContaining([
              // The launcher waits before restarting a replica that ran only briefly: "restarting in 0.25 s".
              expect.stringMatching(
                new RegExp(`^  ${victim.name} \\(pid ${pids[i]}\\) exited \\(signal SIGKILL\\); restarting( in [\\d.]+ s)?$`),
              ),
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
