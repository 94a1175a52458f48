import request from 'supertest';
import { gatewayConfig } from '../src/config';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';

const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

/** Creates a key as a client claiming `forwardedFor`, and answers the address its audit record names. */
async function recordedAddress(platform: TestPlatform, forwardedFor: string) {
  const { key } = await platform.newTenant();
  const created = await request(platform.url).post('/api-keys').set(auth(key)).set('X-Forwarded-For', forwardedFor).send({ name: 'CI' });
  expect(created.status).toBe(201);
  const log = await request(platform.url).get('/audit-log').query({ targetId: created.body.id }).set(auth(key)).expect(200);
  return log.body.data[0].ip as string;
}

describe('client address behind a load balancer', () => {
  let untrusting: TestPlatform;
  let behindProxy: TestPlatform;
  beforeAll(async () => {
    // The test's client connects from loopback: a balancer elsewhere is trusted in one, loopback in the other.
    untrusting = await startTestPlatform({ TRUSTED_PROXIES: '10.1.2.3,192.168.7.0/24' });
    behindProxy = await startTestPlatform({ TRUSTED_PROXIES: 'loopback' });
  });
  afterAll(async () => {
    await untrusting?.stop();
    await behindProxy?.stop();
  });

  it('when a peer that is no trusted proxy sends X-Forwarded-For, then the record names the peer, not the claimed address', async () => {
    expect(await recordedAddress(untrusting, '203.0.113.9')).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/);
  });

  it("when a trusted proxy forwards a request, then the record names the hop it added, not the client's own claim before it", async () => {
    // HAProxy's `option forwardfor` appends the address it saw to whatever the client sent.
    expect(await recordedAddress(behindProxy, '198.51.100.7, 203.0.113.9')).toBe('203.0.113.9');
  });

  it('when TRUSTED_PROXIES holds something else than addresses and ranges, then the gateway refuses to start, naming it', () => {
    expect(() => gatewayConfig({ TRUSTED_PROXIES: 'loopback,haproxy.internal' })).toThrow(/TRUSTED_PROXIES.*haproxy\.internal/);
    expect(() => gatewayConfig({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXIES/);
  });
});
