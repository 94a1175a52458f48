import { webhooksConfig } from '../src';

const base = { WEBHOOK_SECRET_KEY: 'test-webhook-secret-key-0123456789' };

describe('the webhooks configuration', () => {
  it.each([
    ['WEBHOOK_ENDPOINT_LIMIT_BY_PLAN', 'free:5'],
    ['WEBHOOK_ENDPOINT_LIMIT_BY_PLAN', 'free=five'],
    ['WEBHOOK_ENDPOINT_LIMIT', '-1'],
    ['WEBHOOK_DISABLE_AFTER', '5d'],
    ['WEBHOOK_DISABLE_AFTER', '1h,2h'],
    ['WEBHOOK_ENDPOINT_PAUSES', 'soon'],
    ['WEBHOOK_TENANT_CONCURRENCY', '200'],
    ['WEBHOOK_ENDPOINT_CONCURRENCY', '0'],
  ])('when %s is %s, then start-up is refused naming it', (name, value) => {
    expect(() => webhooksConfig({ ...base, [name]: value })).toThrow(new RegExp(`configuration: ${name} `));
  });

  it('when nothing is set, then each tenant and endpoint gets a quarter of the 128 places, and plans their endpoint limits', () => {
    expect(webhooksConfig(base)).toMatchObject({
      concurrency: 128,
      tenantConcurrency: 32,
      endpointConcurrency: 32,
      endpointLimits: { free: 5, starter: 10, growth: 25, scale: 50 },
      endpointLimitDefault: 10,
      disableAfterMs: 5 * 24 * 3600_000,
    });
  });
});
