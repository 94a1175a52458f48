import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import YAML from 'yaml';
import { gatewayConfig } from '../src/config';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { auth } from '../../../test/support/mail';

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

  it.each(['uniquelocal', 'linklocal', 'loopback,uniquelocal'])(
    'when TRUSTED_PROXIES is %s (every address of a private network), then the gateway refuses to start: only the proxy itself may be named',
    (value) => {
      expect(() => gatewayConfig({ TRUSTED_PROXIES: value })).toThrow(/TRUSTED_PROXIES.*local/);
    },
  );
});

describe('TRUSTED_PROXIES as shipped', () => {
  const ROOT = path.resolve(__dirname, '../../..');
  const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
  type Service = { environment?: Record<string, string>; networks?: { default?: { ipv4_address?: string } } };
  const compose = YAML.parse(read('docker-compose.yml')) as {
    services: Record<string, Service>;
    networks: { default: { ipam: { config: Array<{ subnet: string; ip_range: string }> } } };
  };

  it("when compose runs, then the gateway and the dashboard trust exactly HAProxy's fixed address, outside the range Docker hands out", () => {
    const haproxy = compose.services.haproxy.networks?.default?.ipv4_address;
    expect(haproxy).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(compose.services.gateway.environment?.TRUSTED_PROXIES).toBe(haproxy);
    expect(compose.services.dashboard.environment?.TRUSTED_PROXIES).toBe(haproxy);
    const [{ subnet, ip_range: range }] = compose.networks.default.ipam.config;
    const lastOctet = Number(haproxy!.split('.')[3]);
    expect(haproxy!.split('.').slice(0, 3).join('.')).toBe(subnet.split('/')[0].split('.').slice(0, 3).join('.'));
    expect(lastOctet).toBeLessThan(Number(range.split('/')[0].split('.')[3]));
    // The dashboard carries the browser's address to the gateway, both given the same required secret.
    expect(compose.services.gateway.environment?.DASHBOARD_HOP_SECRET).toBe(compose.services.dashboard.environment?.DASHBOARD_HOP_SECRET);
  });

  it('when HAProxy balances the dashboards, then it names the browser in X-Forwarded-For, as it does for the gateways', () => {
    const dashboards = /backend dashboards\n([\s\S]*?)\n\n/.exec(read('ops/haproxy/haproxy.cfg'))![1];
    expect(dashboards).toMatch(/^\s*option forwardfor\s*$/m);
  });

  it('when deployed on Kubernetes, then TRUSTED_PROXIES is in the shared configuration with what to set for the ingress, and the hop secret reaches the gateway and the dashboard', () => {
    const config = read('ops/k8s/config.yaml');
    expect(config).toMatch(/Ingress[\s\S]*TRUSTED_PROXIES:/);
    for (const file of ['ops/k8s/gateway.yaml', 'ops/k8s/dashboard.yaml']) expect(read(file)).toContain('key: DASHBOARD_HOP_SECRET');
  });
});
