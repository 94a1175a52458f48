import request from 'supertest';
import { expectContract } from './support/contract';
import { startTestPlatform, type TestPlatform } from './support/platform';

describe('GET /readyz in the embedded default', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(() => platform.stop());

  it('when every store and the broker can be used, then 200 naming each of them', async () => {
    const res = await request(platform.url).get('/readyz');
    expect(res.status).toBe(200);
    expectContract(res, 'readiness');
    const services = ['gateway', 'billing', 'mail', 'webhooks'];
    expect(res.body.checks).toEqual(
      Object.fromEntries(
        services.flatMap((s) => [
          [`${s}.store`, 'up'],
          [`${s}.broker`, 'up'],
        ]),
      ),
    );
  });
});
