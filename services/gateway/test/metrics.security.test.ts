import request from 'supertest';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { parseExposition } from '../../../test/support/metrics';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';

const METRICS_TOKEN = 'scrape-token-0123456789abcdef';

describe('GET /metrics with METRICS_TOKEN set', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ METRICS_TOKEN });
  });
  afterAll(() => platform.stop());

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
  it('when scraped without credentials, then it answers: open by decision (docs/decisions/metrics-open-by-default.md)', async () => {
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
