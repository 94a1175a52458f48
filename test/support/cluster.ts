import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startCluster, type Cluster } from '../../platform/cluster/cluster';
import { loadPlatformConfig, type Env } from '../../platform/config';
import { ADMIN_TOKEN, removeDir, UNSUBSCRIBE_SECRET } from './platform';
import { freshDatabase } from './postgres';

export interface TestCluster extends Cluster {
  dataDir: string;
  /** What the cluster printed about its processes since it started (exits, restarts). */
  said: string[];
  /** A fresh tenant and its full-access key, through the admin surface behind the balancer. */
  newTenant(name?: string): Promise<{ tenantId: string; key: string }>;
}

/**
 * The cluster of `npm run start:cluster`, its launcher in the test process (so the sandbox's MTA, DNS, hub and
 * provider are at hand) and every replica a process of its own, over the run's RabbitMQ and a database of its own
 * on the run's PostgreSQL; free ports, a fresh data dir, the admin surface on. `env` adds or overrides.
 */
export async function startTestCluster(env: Env = {}): Promise<TestCluster> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-cluster-'));
  const database = await freshDatabase();
  const said: string[] = [];
  const config = loadPlatformConfig({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    MAILPLANE_COMPILED: process.env.MAILPLANE_COMPILED,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    AMQP_URL: process.env.AMQP_URL,
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '4',
    ADMIN_TOKEN,
    UNSUBSCRIBE_SECRET,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    RETRY_SCHEDULE: '200ms,500ms,1s',
    WEBHOOK_RETRY_SCHEDULE: '200ms,500ms,1s',
    OUTBOX_SWEEP_MS: '200',
    ...env,
  });
  const cleanUp = async () => {
    await database.drop();
    removeDir(dataDir);
  };
  const cluster = await startCluster(config, { say: (line) => said.push(line) }).catch(async (err) => {
    await cleanUp();
    throw err;
  });
  return {
    ...cluster,
    dataDir,
    said,
    async newTenant(name = 'Test tenant') {
      const res = await request(cluster.url).post('/admin/tenants').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({ name });
      if (res.status !== 201) throw new Error(`tenant not created: ${res.status} ${JSON.stringify(res.body)}`);
      return { tenantId: res.body.tenantId, key: res.body.apiKey.key };
    },
    async stop() {
      await cluster.stop();
      await cleanUp();
    },
  };
}
