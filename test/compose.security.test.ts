import { spawnSync } from 'node:child_process';
import path from 'node:path';
import YAML from 'yaml';
import { REQUIRED, ROOT, composeConfig } from './support/compose';

const composeInstalled = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;

/** What the world may reach: the API, the tenants' dashboard, delivery reports, SMTP submission, inbound mail. */
const PUBLIC = [3000, 3100, 2525, 587, 465, 25];

interface Published {
  service: string;
  host_ip?: string;
  published: string | number;
  target: number;
}

/** docker-compose 1.x writes a port with a host address in the short syntax (`127.0.0.1:3030:3000/tcp`), others long. */
type PortEntry = string | Omit<Published, 'service'>;
function portOf(service: string, entry: PortEntry): Published {
  if (typeof entry !== 'string') return { service, ...entry };
  const parts = entry.split('/')[0].split(':');
  const [target, published, hostIp] = parts.reverse();
  return { service, host_ip: hostIp, published, target: Number(target) };
}

// Issue #39: Prometheus (and Grafana) were published on every address of the host.
(composeInstalled ? describe : describe.skip)('docker-compose.yml, as docker-compose reads it', () => {
  it.each([
    ['docker-compose.yml', ['docker-compose.yml']],
    ['with ops/compose/mongodb.yml', ['docker-compose.yml', 'ops/compose/mongodb.yml']],
  ])(
    'when %s is read, then every published port that is not the public edge (monitoring, the admin surface, the brokers) is bound to the host loopback only',
    async (_, files) => {
      const { stdout } = await composeConfig(
        { ...REQUIRED, MONGODB_PASSWORD: 'mongo-password' },
        files.map((f) => path.join(ROOT, f)),
      );
      const services: Record<string, { ports?: PortEntry[] }> = YAML.parse(stdout).services;
      const published = Object.entries(services).flatMap(([service, s]) => (s.ports ?? []).map((p) => portOf(service, p)));
      const open = published.filter((p) => !PUBLIC.includes(Number(p.published)) && p.host_ip !== '127.0.0.1');
      expect(open).toEqual([]);
      // The rule is checked over something: the operator's ports are there, on loopback.
      expect(published.filter((p) => p.host_ip === '127.0.0.1').map((p) => `${p.service}:${p.published}`)).toEqual(
        expect.arrayContaining(['prometheus:9090', 'grafana:3030', 'haproxy:3001']),
      );
    },
    30_000,
  );
});
