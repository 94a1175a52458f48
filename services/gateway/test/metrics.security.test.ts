import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { loadPlatformConfig } from '../../../platform/config';
import { startDistributed } from '../../../platform/distributed';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { describeWithRabbit } from '../../../test/support/env';
import { parseExposition } from '../../../test/support/metrics';
import { removeDir, startTestPlatform, sharedPlatform } from '../../../test/support/platform';

const METRICS_TOKEN = 'scrape-token-0123456789abcdef';

describe('GET /metrics with METRICS_TOKEN set', () => {
  const platform = sharedPlatform({ METRICS_TOKEN });

  it('when no token or a wrong one is sent, then 401 and no series', async () => {
    const none = await request(platform.url).get('/metrics');
    expectProblem(none, 401, 'unauthorized', 'metrics');
    expect(none.text).not.toContain('mailplane_');
    const wrong = await request(platform.url).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}x`);
    expectProblem(wrong, 401, 'unauthorized', 'metrics');
    const apiKey = await request(platform.url).get('/metrics').set('Authorization', `Bearer ${platform.sandboxTenant!.apiKey}`);
    expectProblem(apiKey, 401, 'unauthorized', 'metrics');
  });

  it('when the token is sent, then the metrics', async () => {
    const res = await request(platform.url).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
    expect(res.status).toBe(200);
    expectContract(res, 'metrics');
    expect(parseExposition(res.text).some((s) => s.name === 'mailplane_broker_connected')).toBe(true);
  });

  it('when /readyz and /healthz are asked without the token, then they still answer (probes carry no credentials)', async () => {
    expectContract(await request(platform.url).get('/readyz').expect(200), 'readiness');
    await request(platform.url).get('/healthz').expect(200);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('when the embedded default is scraped without credentials, then it answers: open on the machine it runs on (docs/decisions/admin-and-metrics-exposure.md)', async () => {
    const platform = await startTestPlatform();
    try {
      const res = await request(platform.url).get('/metrics');
      expect(res.status).toBe(200);
      expectContract(res, 'metrics');
    } finally {
      await platform.stop();
    }
  });
});

describeWithRabbit('GET /metrics of the distributed gateway', (amqpUrl) => {
  /** The gateway as `bin/service.ts gateway` runs it, in this process, on the run's RabbitMQ. */
  const startGateway = (env: Record<string, string> = {}) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-metrics-'));
    const config = loadPlatformConfig({ AMQP_URL: amqpUrl, DATA_DIR: dataDir, PORT: '0', OPS_PORT: '0', LOG_LEVEL: 'silent', ...env });
    return startDistributed('gateway', config).then((running) => ({
      url: running.url as string,
      opsUrl: running.opsUrl,
      stop: async () => (await running.stop(), removeDir(dataDir)),
    }));
  };

  it('when METRICS_TOKEN is unset, then the API port refuses /metrics (401) and the ops listener, on this machine only, serves them', async () => {
    const gateway = await startGateway();
    try {
      const open = await request(gateway.url).get('/metrics');
      expectProblem(open, 401, 'unauthorized', 'metrics');
      expect(open.text).not.toContain('mailplane_');
      expect(new URL(gateway.opsUrl).hostname).toBe('127.0.0.1');
      const ops = await request(gateway.opsUrl).get('/metrics').expect(200);
      expect(parseExposition(ops.text).some((s) => s.name === 'mailplane_http_requests_total')).toBe(true);
      await request(gateway.url).get('/healthz').expect(200);
    } finally {
      await gateway.stop();
    }
  });

  it('when METRICS_TOKEN is set, then the API port serves /metrics to its bearer only', async () => {
    const gateway = await startGateway({ METRICS_TOKEN });
    try {
      expectProblem(await request(gateway.url).get('/metrics'), 401, 'unauthorized', 'metrics');
      expectContract(await request(gateway.url).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200), 'metrics');
    } finally {
      await gateway.stop();
    }
  });
});
