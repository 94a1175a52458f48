import { execFile, spawnSync } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import YAML from 'yaml';

const ROOT = path.resolve(__dirname, '..');
const run = promisify(execFile);
const composeInstalled = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;

/** What the world may reach: the API, the tenants' dashboard, delivery reports, SMTP submission, inbound mail. */
const PUBLIC = [3000, 3100, 2525, 587, 465, 25];
const CREDENTIALS = {
  RABBITMQ_PASSWORD: 'rabbit-password',
  POSTGRES_PASSWORD: 'postgres-password',
  GRAFANA_ADMIN_PASSWORD: 'grafana-password',
  MONGODB_PASSWORD: 'mongo-password',
  ADMIN_TOKEN: 'admin-token-0123456789',
  DKIM_KEY_SECRET: 'dkim-key-secret-0123456789abcdef0123',
  UNSUBSCRIBE_SECRET: 'unsubscribe-secret-0123456789abcdef',
  TRACKING_SECRET: 'tracking-secret-0123456789abcdef0123',
  WEBHOOK_SECRET_KEY: 'webhook-secret-0123456789',
  DASHBOARD_SESSION_SECRET: 'dashboard-session-secret-0123456789abcdef',
  SMTP_URL: 'smtp://mta.example:25',
  SUBMISSION_TLS_DIR: '/etc/mailplane/submission-tls',
};

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
      const { stdout } = await run('docker-compose', [...files.flatMap((f) => ['-f', f]), 'config'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...CREDENTIALS },
      });
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
