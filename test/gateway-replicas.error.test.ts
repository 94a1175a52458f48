import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import request from 'supertest';
import type { Store } from '@mailplane/store';
import { selfSignedCertificate } from '../platform/self-signed-certificate';
import { startSandboxDns, type SandboxDns } from '../sandbox/dns-server';
import { wholeLog, type LogRecord } from './support/audit';
import { distributedEnv, verifiedTenant } from './support/distributed';
import { describeWithRabbit } from './support/env';
import { eventually } from './support/eventually';
import { requestFrom, signInFrom, smtpAuthFrom } from './support/from-address';
import { auth } from './support/mail';
import { newOwner, PASSWORD } from './support/members';
import { ADMIN_TOKEN, removeDir } from './support/platform';
import { freshDatabase } from './support/postgres';
import { describeWithPostgres } from './support/postgres-env';
import { spawnService, type ServiceProcess } from './support/processes';
import type { SubmissionAddress } from './support/submission';
import {
  keysWithUnmovedRecords,
  serviceStore,
  sessionsWithUnmovedRecords,
  tombstonesLeft,
  tombstonesWithUnpublishedRecords,
} from './support/unmoved-audit';

const timesEach = (ids: string[]) => ids.reduce((m, id) => m.set(id, (m.get(id) ?? 0) + 1), new Map<string, number>());

// Two gateways, two mail replicas and two submission replicas, each a process, over the run's RabbitMQ and one
// PostgreSQL database that is empty when all six start at the same moment: whatever a replica does at start-up or on a
// timer, the other does too.
describeWithRabbit('two gateways, two mail replicas and two submission replicas on one PostgreSQL database', () =>
  describeWithPostgres('started at once on an empty database', () => {
    const procs: ServiceProcess[] = [];
    let database: Awaited<ReturnType<typeof freshDatabase>>;
    let dataDir: string;
    let dns: SandboxDns;
    let gateways: string[];
    let submissions: SubmissionAddress[];
    let ops: string[];
    const stores: Store[] = [];
    const store = async (service: 'gateway' | 'mail') => {
      const opened = await serviceStore(database.url, service);
      stores.push(opened);
      return opened;
    };

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-gateway-replicas-'));
      const certFile = path.join(dataDir, 'cert.pem');
      const { cert, key } = selfSignedCertificate('replicas test');
      writeFileSync(certFile, cert);
      writeFileSync(path.join(dataDir, 'key.pem'), key);
      database = await freshDatabase();
      dns = await startSandboxDns();
      const env = distributedEnv(process.env.AMQP_URL!, dataDir, {
        DATABASE_URL: database.url,
        DATABASE_POOL_SIZE: '4',
        DNS_SERVERS: `127.0.0.1:${dns.port}`,
        // Nothing is delivered: the relay is configured, never reached.
        SMTP_URL: 'smtp://127.0.0.1:1',
        // Receiving on (inbound routes need a receiving domain), each replica's MX listener on a free port.
        INBOUND_MX_HOST: 'mx.replicas.test',
        INBOUND_HOST: '127.0.0.1',
        INBOUND_PORT: '0',
        AUDIT_SWEEP_MS: '200',
        OUTBOX_SWEEP_MS: '200',
        JOB_LEASE_MS: '1000',
        SMTP_SUBMISSION_PORT: '0',
        SMTPS_SUBMISSION_PORT: '0',
        SMTP_SUBMISSION_TLS_CERT_FILE: certFile,
        SMTP_SUBMISSION_TLS_KEY_FILE: path.join(dataDir, 'key.pem'),
      });
      procs.push(...['mail', 'mail', 'gateway', 'gateway', 'submission', 'submission'].map((name) => spawnService(name, env)));
      ops = await Promise.all(procs.map(async (p) => (await p.waitForOutput(/ops listener \S+ \S+ \S+ on (\S+)/, 90_000))[1]));
      gateways = await Promise.all(procs.slice(2, 4).map(async (p) => (await p.waitForOutput(/gateway started at (\S+)/, 90_000))[1]));
      submissions = await Promise.all(
        procs.slice(4).map(async (p) => {
          const [, url, tlsUrl] = await p.waitForOutput(/submission started at (\S+) \(STARTTLS\) and (\S+)/, 90_000);
          return { url, tlsUrl, certFile };
        }),
      );
    }, 120_000);
    afterAll(async () => {
      await Promise.all(procs.map((p) => p.kill()));
      await Promise.all(stores.map((s) => s.close()));
      await dns?.stop();
      await database?.drop();
      removeDir(dataDir);
    });

    it('when all six start at once on the empty database, then each becomes ready, and a message sent through one gateway is listed with its total through the other', async () => {
      for (const url of ops) expect((await request(url).get('/readyz')).status).toBe(200);
      const t = await verifiedTenant(gateways[0], dns, `replicas-${Date.now().toString(36)}.example.test`);
      const domain = (await request(gateways[0]).get('/identities').set(auth(t.key))).body.data[0].domain;
      for (let i = 0; i < 3; i++)
        await request(gateways[i % 2])
          .post('/emails')
          .set(auth(t.key))
          .send({ from: `a@${domain}`, to: `r${i}@example.org`, subject: `started at once ${i}`, text: 'x' })
          .expect(202);
      // Each list goes to whichever mail replica takes the request: ask enough times for both to answer.
      for (let i = 0; i < 6; i++) {
        const listed = await request(gateways[1]).get('/emails').set(auth(t.key)).expect(200);
        expect([listed.body.data.length, listed.body.total]).toEqual([3, 3]);
      }
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query(
          `SELECT t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'mailplane_mail' AND c.relname = 'messages' AND NOT t.tgisinternal ORDER BY 1`,
        );
        // The covering table's, the count table's and the text table's triggers, each once for insert, update and delete.
        expect(rows.length).toBe(9);
      } finally {
        await client.end();
      }
    }, 120_000);

    it('when failed sign-ins from one address are split across both gateways, then the 11th attempt from it is refused 429 even with the right password, through either gateway, and the owner from another address signs in', async () => {
      const tenant = await request(gateways[0]).post('/admin/tenants').set(auth(ADMIN_TOKEN)).send({ name: 'throttle' }).expect(201);
      const owner = await newOwner({ url: gateways[0] }, tenant.body.tenantId);
      for (let i = 0; i < 10; i++) expect(await signInFrom(gateways[i % 2], '127.0.0.2', owner.email, `wrong password ${i}`)).toBe(401);
      for (const gateway of gateways) expect(await signInFrom(gateway, '127.0.0.2', owner.email, PASSWORD)).toBe(429);
      // Strangers' failures never lock the owner out: from an address without failures of its own, through either gateway.
      for (const gateway of gateways) expect(await signInFrom(gateway, '127.0.0.3', owner.email, PASSWORD)).toBe(201);
      // The guessing address is refused for every account, through either gateway.
      const other = await newOwner(
        { url: gateways[1] },
        (await request(gateways[0]).post('/admin/tenants').set(auth(ADMIN_TOKEN)).send({ name: 'x' })).body.tenantId,
      );
      for (const gateway of gateways) expect(await signInFrom(gateway, '127.0.0.2', other.email, PASSWORD)).toBe(429);
      expect(await signInFrom(gateways[1], '127.0.0.4', other.email, PASSWORD)).toBe(201);
    });

    it('when failed admin authentications from one address are split across both gateways, then the 11th is refused 429 with Retry-After even with the right token, through either gateway', async () => {
      const admin = (gateway: string, from: string, token: string) =>
        requestFrom(gateway, from, { method: 'GET', path: '/admin/tenants', headers: { authorization: `Bearer ${token}` } });
      for (let i = 0; i < 10; i++) expect((await admin(gateways[i % 2], '127.0.0.5', `wrong-${i}`)).status).toBe(401);
      for (const gateway of gateways) {
        const refused = await admin(gateway, '127.0.0.5', ADMIN_TOKEN);
        expect(refused.status).toBe(429);
        expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      }
      expect((await admin(gateways[1], '127.0.0.6', ADMIN_TOKEN)).status).toBe(200);
    });

    it('when failed SMTP AUTH attempts from one address are split across both submission replicas, then the 11th is answered 454 even with a right key, by either replica', async () => {
      const tenant = await request(gateways[0]).post('/admin/tenants').set(auth(ADMIN_TOKEN)).send({ name: 'smtp-auth' }).expect(201);
      const key = tenant.body.apiKey.key as string;
      for (let i = 0; i < 10; i++) expect(await smtpAuthFrom(submissions[i % 2], '127.0.0.7', `mp_wrong_${i}`)).toBe(535);
      for (const submission of submissions) expect(await smtpAuthFrom(submission, '127.0.0.7', key)).toBe(454);
      expect(await smtpAuthFrom(submissions[1], '127.0.0.8', key)).toBe(235);
    });

    it('when a key in use on both gateways and both submission replicas is revoked through one gateway, then every one of them refuses it within a second', async () => {
      const tenant = await request(gateways[0])
        .post('/admin/tenants')
        .set(auth(ADMIN_TOKEN))
        .send({ name: 'revoked everywhere' })
        .expect(201);
      const keep = tenant.body.apiKey.key as string;
      const made = await request(gateways[0]).post('/api-keys').set(auth(keep)).send({ name: 'doomed' }).expect(201);
      const doomed = made.body.key as string;
      // Used everywhere first, so every replica holds it in memory.
      for (let i = 0; i < 4; i++) for (const gateway of gateways) await request(gateway).get('/api-keys').set(auth(doomed)).expect(200);
      for (const submission of submissions) expect(await smtpAuthFrom(submission, '127.0.0.9', doomed)).toBe(235);

      await request(gateways[0]).delete(`/api-keys/${made.body.id}`).set(auth(keep)).expect(204);
      const revokedAt = Date.now();
      const refusedAt = async (refused: () => Promise<boolean>) => {
        await eventually(refused, 'the revoked key refused', 5000);
        return Date.now() - revokedAt;
      };
      const refusedAfter = await Promise.all([
        ...gateways.map((gateway) => refusedAt(async () => (await request(gateway).get('/api-keys').set(auth(doomed))).status === 401)),
        ...submissions.map((submission) => refusedAt(async () => (await smtpAuthFrom(submission, '127.0.0.9', doomed)) === 535)),
      ]);
      expect(refusedAfter.filter((ms) => ms > 1000)).toEqual([]);
      for (const gateway of gateways) await request(gateway).get('/api-keys').set(auth(keep)).expect(200);
    });

    it('when an identity both mail replicas send with is deleted through one of them, then within a second neither accepts a send from it', async () => {
      const domain = `forgotten-${Date.now().toString(36)}.example.test`;
      const t = await verifiedTenant(gateways[0], dns, domain);
      const send = (gateway: string) =>
        request(gateway)
          .post('/emails')
          .set(auth(t.key))
          .send({ from: `a@${domain}`, to: 'r@example.org', subject: 'x', text: 'x' });
      // Enough sends for each mail replica to take some and hold the identity in memory.
      for (let i = 0; i < 8; i++) expect((await send(gateways[i % 2])).status).toBe(202);

      await request(gateways[0]).delete(`/identities/${t.identityId}`).set(auth(t.key)).expect(204);
      const deletedAt = Date.now();
      // Refused ten times in a row through both gateways: each replica's turn came, and neither served what it held.
      let refusedInARow = 0;
      let firstOfThem = 0;
      await eventually(
        async () => {
          const started = Date.now();
          const res = await send(gateways[refusedInARow % 2]);
          if (res.status === 202) refusedInARow = 0;
          else {
            expect(res.body.code).toBe('identity_unverified');
            if (refusedInARow++ === 0) firstOfThem = started;
          }
          return refusedInARow >= 10;
        },
        'ten refusals in a row',
        10_000,
      );
      expect(firstOfThem - deletedAt).toBeLessThan(1000);
    });

    it('when one address asks for mailed links through both gateways, then the 6th request in the window is a 429 whichever gateway takes it', async () => {
      const email = `flood.${Date.now().toString(36)}@team.example`;
      // No system sender in this run: each request is counted, then answered 503 system_mail_not_configured.
      for (let i = 0; i < 5; i++)
        expect(
          (
            await request(gateways[i % 2])
              .post('/password-resets')
              .send({ email })
          ).status,
        ).toBe(503);
      for (const gateway of gateways) expect((await request(gateway).post('/sign-in-links').send({ email })).status).toBe(429);
    });

    it('when changes and sign-ins left their audit records unmoved and both gateways sweep, then each record is in the log exactly once and no change or session still carries one', async () => {
      const tenant = await request(gateways[0]).post('/admin/tenants').set(auth(ADMIN_TOKEN)).send({ name: 'sweep' }).expect(201);
      const { tenantId, apiKey } = tenant.body;
      const gatewayStore = await store('gateway');
      const keys = await keysWithUnmovedRecords(gatewayStore, tenantId, 250);
      const signedIn = await sessionsWithUnmovedRecords(gatewayStore, tenantId, 60);
      const targets = [...keys, ...signedIn];
      let log: LogRecord[] = [];
      await eventually(
        async () => {
          log = (await wholeLog(gateways[1], apiKey.key)).filter((r) => targets.includes(r.target.id));
          return log.length >= targets.length;
        },
        'every unmoved record in the log',
        60_000,
      );
      const carried = async () =>
        (await gatewayStore.collection('api_keys').count({ tenantId, eventsPending: true })) +
        (await gatewayStore.collection('sessions').count({ tenantId, eventsPending: true }));
      await eventually(async () => (await carried()) === 0, 'no key or session carrying a record', 10_000);
      expect([...timesEach(log.map((r) => r.target.id)).values()].every((n) => n === 1)).toBe(true);
      expect(log).toHaveLength(targets.length);
      expect(log.filter((r) => r.operationId === 'createSession')).toHaveLength(signedIn.length);
      // A session signed out before its record moved stays ended once the record is in the log.
      const ended = await gatewayStore.collection('sessions').find({ tenantId, endedAt: { $ne: null } });
      expect(ended).toHaveLength(signedIn.length / 2);
    }, 90_000);

    it("when deletions' tombstones kept their audit records unpublished and both mail replicas sweep, then each record is in the log exactly once and every tombstone is gone or keeps its published record its minute", async () => {
      const t = await verifiedTenant(gateways[0], dns, `tomb-${Date.now().toString(36)}.example.test`);
      const domain = (await request(gateways[0]).get('/identities').set(auth(t.key))).body.data[0].domain;
      await request(gateways[0]).post(`/identities/${t.identityId}/inbound`).set(auth(t.key)).expect(200);
      const made = { identities: [] as string[], routes: [] as string[], templates: [] as string[], suppressions: [] as string[] };
      for (let i = 0; i < 5; i++) {
        // Made through either gateway alike; their ids.
        const post = async (path: string, body: object) =>
          (
            await request(gateways[i % 2])
              .post(path)
              .set(auth(t.key))
              .send(body)
              .expect(201)
          ).body.id as string;
        made.identities.push(await post('/identities', { domain: `d${i}.${domain}` }));
        made.routes.push(await post('/inbound/routes', { pattern: `help${i}@${domain}`, action: { type: 'hold' } }));
        made.templates.push(await post('/templates', { name: `T${i}`, subject: 'Hi', text: 'Hello' }));
        await post('/suppressions', { email: `gone${i}@example.org` });
        made.suppressions.push(`gone${i}@example.org`);
      }
      const { tenantId } = (await request(gateways[0]).get('/me').set(auth(t.key)).expect(200)).body;
      const mailStore = await store('mail');
      const deleted = await tombstonesWithUnpublishedRecords(mailStore, tenantId, made);
      let log: LogRecord[] = [];
      await eventually(
        async () => {
          log = (await wholeLog(gateways[1], t.key)).filter((r) => deleted.get(r.target.id) === r.operationId);
          return log.length >= deleted.size && (await tombstonesLeft(mailStore)) === 0;
        },
        'every deletion recorded and its tombstone gone or keeping its published record',
        60_000,
      );
      expect([...timesEach(log.map((r) => r.target.id)).values()].every((n) => n === 1)).toBe(true);
      expect(log).toHaveLength(deleted.size);
    }, 90_000);
  }),
);
