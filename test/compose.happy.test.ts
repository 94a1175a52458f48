import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { COMPOSE_FILE, ROOT, REQUIRED, composeConfig, run } from './support/compose';

const HAPROXY_CFG = path.join(ROOT, 'ops/haproxy/haproxy.cfg');
const SCALED = ['gateway', 'billing', 'mail', 'webhooks', 'submission', 'dashboard'];

const has = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const composeInstalled = has('docker-compose', ['version']);
const haproxyInstalled = has('haproxy', ['-v']);
for (const [tool, installed] of [
  ['docker-compose', composeInstalled],
  ['haproxy', haproxyInstalled],
] as const) {
  if (!installed && process.env.CI === 'true') throw new Error(`${tool} is required under CI to validate the compose stack`);
  if (!installed) console.warn(`${tool} is not installed: the compose stack is NOT fully validated in this run`);
}

const without = (name: string) => Object.fromEntries(Object.entries(REQUIRED).filter(([key]) => key !== name));

(composeInstalled ? describe : describe.skip)('docker-compose.yml', () => {
  let config: {
    services: Record<
      string,
      { ports?: unknown[]; volumes?: unknown[]; healthcheck?: { test: string[] }; environment?: Record<string, string> }
    >;
  };

  /** What docker-compose said without each credential (its stderr), or null when it accepted the file. */
  let refusals: Record<string, string | null>;
  const MONGODB = [COMPOSE_FILE, path.join(ROOT, 'ops/compose/mongodb.yml')];
  let mongo: { refused: string | null; config: { services: Record<string, { environment: Record<string, string> }> } };

  // One docker-compose run takes a second of CPU (Python's start-up): all of them at once.
  beforeAll(async () => {
    const refusal = (env: Record<string, string>, files?: string[]) =>
      composeConfig(env, files).then(
        () => null,
        (err: { stderr: string }) => err.stderr,
      );
    const [full, mongoRefused, mongoFull, ...missing] = await Promise.all([
      composeConfig(REQUIRED),
      refusal(REQUIRED, MONGODB),
      composeConfig({ ...REQUIRED, MONGODB_PASSWORD: 'mongo-password' }, MONGODB),
      ...Object.keys(REQUIRED).map((name) => refusal(without(name))),
    ]);
    config = YAML.parse(full.stdout);
    mongo = { refused: mongoRefused, config: YAML.parse(mongoFull.stdout) };
    refusals = Object.fromEntries(Object.keys(REQUIRED).map((name, i) => [name, missing[i]]));
  }, 60_000);

  it('when every credential is given, then it is a valid file with the services, the load balancer, RabbitMQ, PostgreSQL, Prometheus and Grafana', () => {
    expect(Object.keys(config.services).sort()).toEqual(
      [
        'billing',
        'dashboard',
        'gateway',
        'grafana',
        'haproxy',
        'mail',
        'postgres',
        'prometheus',
        'rabbitmq',
        'submission',
        'webhooks',
      ].sort(),
    );
  });

  it('when a service is scaled, then it publishes no fixed host port: only the load balancer, Prometheus and Grafana do', () => {
    for (const name of SCALED) expect({ name, ports: config.services[name].ports }).toEqual({ name, ports: undefined });
    const published = Object.entries(config.services).filter(([, s]) => s.ports);
    expect(published.map(([name]) => name).sort()).toEqual(['grafana', 'haproxy', 'prometheus']);
  });

  it('when read, then the admin surface is off the API port, published on the host loopback only, and every ops listener stays inside the network', () => {
    expect(config.services.gateway.environment).toMatchObject({ ADMIN_PORT: '3001', ADMIN_HOST: '0.0.0.0' });
    const admin = JSON.stringify(config.services.haproxy.ports!.filter((p) => JSON.stringify(p).includes('3001')));
    expect(admin).toContain('127.0.0.1');
    for (const name of ['gateway', 'billing', 'mail', 'webhooks'])
      expect(config.services[name].environment).toMatchObject({ OPS_PORT: '9400', OPS_HOST: '0.0.0.0' });
  });

  it('when read, then the load balancer runs HAProxy with ops/haproxy/haproxy.cfg', () => {
    const volumes = JSON.stringify(config.services.haproxy.volumes);
    expect(volumes).toContain(HAPROXY_CFG);
    expect(volumes).toContain('/usr/local/etc/haproxy/haproxy.cfg');
  });

  it('when read, then every service has a healthcheck, and each Mailplane service asks its /readyz', () => {
    for (const [name, service] of Object.entries(config.services))
      expect({ name, test: service.healthcheck?.test }).toEqual({ name, test: expect.any(Array) });
    for (const name of SCALED) expect(config.services[name].healthcheck!.test.join(' ')).toMatch(/http:\/\/127\.0\.0\.1:\d+\/readyz/);
  });

  it('when the services use PostgreSQL by default, then each is given DATABASE_URL', () => {
    for (const name of SCALED)
      expect(config.services[name].environment!.DATABASE_URL).toMatch(/^postgres:\/\/mailplane:postgres-password@postgres:5432\//);
  });

  it('when every credential is given, then each one that guards something is the one given, none a built-in value', () => {
    const env = (service: string) => config.services[service].environment!;
    expect(env('rabbitmq').RABBITMQ_DEFAULT_PASS).toBe(REQUIRED.RABBITMQ_PASSWORD);
    expect(env('postgres').POSTGRES_PASSWORD).toBe(REQUIRED.POSTGRES_PASSWORD);
    expect(env('grafana').GF_SECURITY_ADMIN_PASSWORD).toBe(REQUIRED.GRAFANA_ADMIN_PASSWORD);
    for (const name of ['gateway', 'billing', 'mail', 'webhooks', 'submission'])
      expect(env(name).AMQP_URL).toContain(`:${REQUIRED.RABBITMQ_PASSWORD}@rabbitmq:`);
    expect(env('gateway').ADMIN_TOKEN).toBe(REQUIRED.ADMIN_TOKEN);
    expect(env('mail')).toMatchObject({
      DKIM_KEY_SECRET: REQUIRED.DKIM_KEY_SECRET,
      UNSUBSCRIBE_SECRET: REQUIRED.UNSUBSCRIBE_SECRET,
      TRACKING_SECRET: REQUIRED.TRACKING_SECRET,
    });
    expect(env('webhooks').WEBHOOK_SECRET_KEY).toBe(REQUIRED.WEBHOOK_SECRET_KEY);
  });

  it('when SMTP submission runs, then it reads the certificate from SUBMISSION_TLS_DIR and takes its connections through HAProxy, which publishes 587 and 465', () => {
    const submission = config.services.submission;
    expect(JSON.stringify(submission.volumes)).toContain(REQUIRED.SUBMISSION_TLS_DIR);
    expect(submission.environment).toMatchObject({
      SMTP_SUBMISSION_PORT: '2587',
      SMTPS_SUBMISSION_PORT: '2465',
      SMTP_SUBMISSION_PROXY_PROTOCOL: 'true',
      SMTP_SUBMISSION_TLS_CERT_FILE: '/run/submission-tls/tls.crt',
      SMTP_SUBMISSION_TLS_KEY_FILE: '/run/submission-tls/tls.key',
    });
    expect(JSON.stringify(config.services.haproxy.ports)).toMatch(/"?587"?.*"?465"?/);
  });

  it('when inbound mail runs, then every mail replica listens on 2526 behind HAProxy, which publishes port 25 with the PROXY header, and offers STARTTLS with the mounted certificate', () => {
    const mail = config.services.mail;
    expect(mail.environment).toMatchObject({
      INBOUND_MX_HOST: '',
      INBOUND_PORT: '2526',
      INBOUND_PROXY_PROTOCOL: 'true',
      INBOUND_TLS_CERT: '/run/inbound-tls/tls.crt',
      INBOUND_TLS_KEY: '/run/inbound-tls/tls.key',
    });
    expect(JSON.stringify(mail.volumes)).toContain(REQUIRED.SUBMISSION_TLS_DIR);
    expect(config.services.haproxy.ports).toContainEqual({ target: 25, published: 25 });
  });

  it.each(Object.keys(REQUIRED))('when %s is missing, then docker-compose refuses the file and names it', (name) => {
    expect(refusals[name]).toContain(`set ${name}`);
  });

  it('when MongoDB is chosen (ops/compose/mongodb.yml), then the services point at it and its password is required', () => {
    expect(mongo.refused).toContain('set MONGODB_PASSWORD');
    for (const name of SCALED) {
      expect(mongo.config.services[name].environment).toMatchObject({
        DATABASE_URL: '',
        MONGODB_URL: expect.stringContaining('@mongodb:27017'),
      });
    }
  });
});

describe('docker-compose.yml, as written', () => {
  const text = readFileSync(COMPOSE_FILE, 'utf8');

  it('when a credential is interpolated, then every occurrence is required (`${NAME:?…}`), never defaulted', () => {
    for (const name of Object.keys(REQUIRED)) {
      const uses = [...text.matchAll(new RegExp(`\\$\\{${name}(:?[?-]?)`, 'g'))].map((m) => m[1]);
      expect({ name, uses }).toEqual({ name, uses: expect.arrayContaining([':?']) });
      expect({ name, defaulted: uses.filter((u) => u !== ':?') }).toEqual({ name, defaulted: [] });
    }
  });
});

(haproxyInstalled ? describe : describe.skip)('ops/haproxy/haproxy.cfg', () => {
  it('when checked by haproxy -c, then it is valid and balances over every gateway, dashboard and mail replica found by DNS', async () => {
    await run('haproxy', ['-c', '-q', '-f', HAPROXY_CFG]);
    const cfg = readFileSync(HAPROXY_CFG, 'utf8');
    expect(cfg).toMatch(/^\s*server-template gateway \d+ gateway:3000 check/m);
    expect(cfg).toMatch(/^\s*server-template gateway \d+ gateway:3001 check port 3000/m);
    expect(cfg).toMatch(/^\s*server-template dashboard \d+ dashboard:3100 check/m);
    expect(cfg).toMatch(/^\s*server-template mail \d+ mail:2525 check/m);
    // Inbound mail: to every mail replica's MX listener, with the PROXY header, checked on its /readyz.
    expect(cfg).toMatch(/^\s*server-template mail \d+ mail:2526 check port 9400 send-proxy$/m);
    // SMTP submission: the PROXY header on every connection (the listener's per-client limits), checked on /readyz.
    expect(cfg).toMatch(/^\s*server-template submission \d+ submission:2587 check port 9400 send-proxy$/m);
    expect(cfg).toMatch(/^\s*server-template submission \d+ submission:2465 check port 9400 send-proxy$/m);
    expect(cfg).toMatch(/^\s*option httpchk GET \/readyz/m);
    expect(cfg).toMatch(/resolvers docker/);
  });
});

describe('ops/prometheus/prometheus.yml', () => {
  it('when read, then Prometheus discovers every replica of every service by DNS, where it listens in docker-compose.yml', () => {
    const config = YAML.parse(readFileSync(path.join(ROOT, 'ops/prometheus/prometheus.yml'), 'utf8'));
    const targets = config.scrape_configs.flatMap((job: { dns_sd_configs: { names: string[]; type: string; port: number }[] }) =>
      job.dns_sd_configs.flatMap((c) => c.names.map((name) => `${c.type} ${name}:${c.port}`)),
    );
    expect(targets.sort()).toEqual(['A billing:9400', 'A gateway:9400', 'A mail:9400', 'A submission:9400', 'A webhooks:9400']);
  });

  it('when read with docker-compose.yml, then the alert rules it names are mounted beside it', () => {
    const config = YAML.parse(readFileSync(path.join(ROOT, 'ops/prometheus/prometheus.yml'), 'utf8'));
    expect(config.rule_files).toEqual(['alerts.yml']);
    const compose = YAML.parse(readFileSync(COMPOSE_FILE, 'utf8'));
    expect(compose.services.prometheus.volumes).toContain('./ops/prometheus/alerts.yml:/etc/prometheus/alerts.yml:ro');
  });
});
