import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { describeWithRabbit } from './support/env';
import { expectContract } from './support/contract';
import { spawnService, type ServiceProcess } from './support/processes';
import { ADMIN_TOKEN, removeDir } from './support/platform';

describeWithRabbit('distributed mode: four processes over RabbitMQ', () => {
  const procs: ServiceProcess[] = [];
  let url: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-dist-'));
    const env = { AMQP_URL: process.env.AMQP_URL!, DATA_DIR: dataDir, ADMIN_TOKEN, PORT: '0', HOST: '127.0.0.1' };
    for (const name of ['billing', 'mail', 'webhooks', 'gateway']) procs.push(spawnService(name, env));
    await Promise.all(procs.map((p) => p.waitForOutput(/started/, 60_000)));
    url = (await procs[3].waitForOutput(/gateway started at (\S+)/))[1];
  }, 90_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.kill()));
    removeDir(dataDir);
  });

  it('when a tenant is created and keys are managed through the gateway, then every step answers per the contract', async () => {
    const tenant = await request(url).post('/admin/tenants').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({ name: 'Dist' });
    expect(tenant.status).toBe(201);
    const auth = { Authorization: `Bearer ${tenant.body.apiKey.key}` };
    const created = await request(url).post('/api-keys').set(auth).send({ name: 'second' });
    expect(created.status).toBe(201);
    expectContract(created, 'createApiKey');
    const listed = await request(url).get('/api-keys').set(auth);
    expect(listed.body.data).toHaveLength(2);
    await request(url).delete(`/api-keys/${created.body.id}`).set(auth).expect(204);
    await request(url).get('/api-keys').set({ Authorization: `Bearer ${created.body.key}` }).expect(401);
  });

  it('when the gateway asks every service over RabbitMQ, then all answer', async () => {
    const res = await request(url).get('/healthz');
    expect(res.body).toEqual({ status: 'ok', services: { billing: 'up', mail: 'up', webhooks: 'up' } });
  });

  it('when a forwarded route reaches its service process, then the service answers with a problem, not a hang', async () => {
    const tenant = await request(url).post('/admin/tenants').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({ name: 'Dist2' });
    const res = await request(url).get('/billing/state').set('Authorization', `Bearer ${tenant.body.apiKey.key}`);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.status).not.toBe(504);
  });
});
