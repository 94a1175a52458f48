import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBlobStore, createStore } from '@mailplane/store';
import { bodiesRepo } from '../services/mail/src/data-access/bodies-repo';
import type { MessageRecord } from '../services/mail/src/data-access/messages-repo';
import { RETENTION_JOB } from '../services/mail/src/domain/retention/job';
import { messageBody, messageRecord } from '../services/mail/test/support/message-fixture';
import { distributedEnv } from './support/distributed';
import { describeWithRabbit } from './support/env';
import { eventually } from './support/eventually';
import { removeDir } from './support/platform';
import { spawnService, type ServiceProcess } from './support/processes';

const LEASE_MS = 2000;
const DAY_MS = 24 * 3600 * 1000;
const EXPIRED = 10_000;

// Two mail processes over the run's RabbitMQ, sharing one data folder (one SQLite store), as two replicas share a database.
describeWithRabbit('mail replicas as processes: the retention holder is killed mid-round', () => {
  const procs: ServiceProcess[] = [];
  let dataDir: string;
  afterAll(async () => {
    await Promise.all(procs.map((p) => p.kill()));
    removeDir(dataDir);
  });

  it('when the replica purging expired bodies is SIGKILLed mid-round, then the other takes the purge over within its lease and finishes it', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-replicas-kill-'));
    const mailDir = path.join(dataDir, 'mail');
    const expired = new Date(Date.now() - DAY_MS);
    const records = Array.from({ length: EXPIRED }, () => messageRecord(expired, 'sent', { bodyExpiresAt: expired }));
    const env = distributedEnv(process.env.AMQP_URL!, dataDir, {
      SMTP_URL: 'smtp://127.0.0.1:9',
      RETENTION_PURGE_MS: '100',
      JOB_LEASE_MS: String(LEASE_MS),
      DELIVERY_THREADS: '0',
    });
    for (let i = 0; i < 2; i++) {
      procs.push(spawnService('mail', env));
      await procs[i].waitForOutput(/mail started/, 60_000);
    }
    // Written while both run (a third connection to their store): bodies first, then their records.
    const [store, bodies] = [await createStore({ dir: mailDir }), await createBlobStore({ dir: mailDir }, 'bodies')];
    try {
      for (const r of records) await bodiesRepo(bodies).save(r._id, messageBody);
      await store.collection<MessageRecord>('messages').insertMany(records);
      const messages = store.collection<MessageRecord>('messages');
      const purged = () => messages.count({ bodyPurgedAt: { $gt: new Date(0) } });
      const holder = async () =>
        (await store.collection<{ _id: string; holder: string }>('leases').findOne({ _id: RETENTION_JOB }))?.holder;
      await eventually(async () => (await purged()) > 0, 'the purge under way', 30_000);
      const held = (await holder())!;
      const victim = procs.find((p) => held.includes(`:${p.child.pid}:`))!;
      const survivor = procs.find((p) => p !== victim)!;
      await victim.kill('SIGKILL');
      const killedAt = Date.now();
      const left = EXPIRED - (await purged());
      process.stdout.write(`retention kill: ${left} of ${EXPIRED} bodies left at the kill\n`);
      expect(left).toBeGreaterThan(0);

      await eventually(async () => (await holder())!.includes(`:${survivor.child.pid}:`), 'the lease taken over', 30_000);
      // Taken over once the dead holder's lease ran out (plus a round or two), not left for a restart.
      expect(Date.now() - killedAt).toBeLessThan(LEASE_MS + 3000);
      await eventually(async () => (await purged()) === EXPIRED, 'every body purged', 60_000);
    } finally {
      await bodies.close();
      await store.close();
    }
  }, 180_000);
});
