import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createMemoryBroker, type Broker } from '@mailplane/broker';
import { createStore, type Store } from '@mailplane/store';
import { createLogger, json } from '@mailplane/runtime';
import { createTenant, gatewayConfig, startGateway, type Gateway } from '../src';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { removeDir } from '../../../test/support/platform';

// The gateway alone, with no services behind it (or a slow one), on a short RPC deadline.
let broker: Broker;
let store: Store;
let gateway: Gateway;
let key: string;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'gateway-'));
  broker = createMemoryBroker();
  store = await createStore({ dir });
  const config = gatewayConfig({ PORT: '0', HOST: '127.0.0.1', RPC_TIMEOUT_MS: '300' });
  gateway = await startGateway({ config, broker, store, logger: createLogger({ level: 'silent' }) });
  key = (await createTenant(gateway.deps, { name: 'alone' })).apiKey.key;
});
afterAll(async () => {
  await gateway.stop();
  await store.close();
  await broker.close();
  removeDir(dir);
});

describe('forwarding to services', () => {
  it('when the owning service is down, then 504 problem within the deadline', async () => {
    const started = Date.now();
    const res = await request(gateway.url).get('/emails').set('Authorization', `Bearer ${key}`);
    expectProblem(res, 504, 'service_timeout', 'listEmails');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('when the service answers after the deadline, then the caller already has a 504 and the late answer is dropped', async () => {
    const slow = await broker.serve('rpc.billing', async () => {
      await new Promise((r) => setTimeout(r, 600));
      return json({ late: true });
    });
    try {
      const res = await request(gateway.url).get('/billing/state').set('Authorization', `Bearer ${key}`);
      expectProblem(res, 504, 'service_timeout', 'getBillingState');
    } finally {
      await slow.cancel();
    }
  });

  it('when a service answers, then its status, headers and body reach the caller unchanged', async () => {
    const fake = await broker.serve('rpc.webhooks', async (req) => {
      const r = req as { operationId: string; tenantId: string; query: Record<string, unknown> };
      return json({ data: [], total: 0, limit: r.query.limit, offset: r.query.offset, seenTenant: r.tenantId });
    });
    try {
      const res = await request(gateway.url).get('/webhooks/endpoints?limit=5').set('Authorization', `Bearer ${key}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ limit: 5, offset: 0, seenTenant: expect.stringMatching(/^ten_/) });
    } finally {
      await fake.cancel();
    }
  });

  it('when services are down, then /healthz reports them down', async () => {
    const res = await request(gateway.url).get('/healthz');
    expect(res.status).toBe(200);
    expectContract(res, 'health');
    expect(res.body).toEqual({ status: 'degraded', services: { billing: 'down', mail: 'down', webhooks: 'down' } });
  });
});
