import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { envReader } from '@mailplane/runtime';
import type { PlatformConfig } from '../config';
import { inboundCertificate, submissionCertificate, type Embedded } from '../embedded';
import { privateDir } from '../local/data-dir';
import { freePort } from '../local/ports';
import { localSecret } from '../local/secrets';
import { startSandbox, type Sandbox } from '../sandbox';
import {
  SANDBOX_BOUNCE_DOMAIN,
  SANDBOX_BOUNCE_MX_HOST,
  SANDBOX_RETURN_PATH_SPF,
  SANDBOX_INBOUND_DOMAIN,
  SANDBOX_MX_HOST,
} from '../sandbox-identity';
import { backingTools, processLine, startBacking, type Backing } from './backing';
import { haproxyBinary, startHaproxy } from './haproxy';
import { balancedServers, builtService, planReplicas, startReplica, type Replica } from './replicas';
import { replicaCounts, type Role } from './roles';
import { ensureSandboxTenant } from './sandbox-tenant';
import type { Supervised } from './supervised';

export interface Cluster extends Pick<
  Embedded,
  'url' | 'sandbox' | 'sandboxTenant' | 'reportsUrl' | 'inboundUrl' | 'dashboardUrl' | 'submission'
> {
  replicas: Replica[];
  /** `CLUSTER_START_FROM`'s tree, resolved: the earlier version the replicas started from. */
  startedFrom?: string;
  processLines(): string[];
  stop(): Promise<void>;
  /** What an upgrade does: restarts every replica in start order, each serving again before the next. */
  roll(): Promise<void>;
}

interface PublicPorts {
  api: number;
  /** HAProxy's loopback-only admin frontend; the gateways also serve the admin surface on `api`. */
  admin: number;
  bounces: number;
  dashboard: number;
  submission: number;
  submissions: number;
  inbound: number;
  monitor: number;
}

/** Every process reads what `npm start` reads; a replica that exits is started again. */
export async function startCluster(config: PlatformConfig, options: { say?: (line: string) => void } = {}): Promise<Cluster> {
  const say = options.say ?? (() => undefined);
  const counts = replicaCounts(config.env);
  const haproxy = haproxyBinary(config.env.PATH);
  if (!haproxy) throw new Error('haproxy is not installed (apt-get install haproxy)');
  const startFrom = earlierTree(config);
  backingTools(config);
  privateDir(config.dataDir);
  mkdirSync(path.join(config.dataDir, 'logs'), { recursive: true });
  const children = new Set<ChildProcess>();
  // Whatever is still running when this process exits without stopping it (a second Ctrl-C, a crash) goes with it.
  const killAll = () => children.forEach((child) => child.kill('SIGKILL'));
  process.once('exit', killAll);
  const parts: { backing?: Backing; sandbox?: Sandbox; replicas: Replica[]; haproxy?: Supervised } = { replicas: [] };
  const stop = async () => {
    const stopRoles = (roles: Role[]) => Promise.all(parts.replicas.filter((r) => roles.includes(r.role)).map((r) => r.stop()));
    // The edge first (finishing what it has while the services still answer), then the services, then what they use.
    await stopRoles(['dashboard']);
    await stopRoles(['gateway', 'submission']);
    await parts.haproxy?.stop();
    await stopRoles(['billing', 'mail', 'webhooks']);
    await parts.sandbox?.stop();
    await parts.backing?.stop();
    process.removeListener('exit', killAll);
  };
  try {
    const processes = Object.values(counts).reduce((sum, n) => sum + n, 0);
    parts.backing = await startBacking(config, connectionsFor(processes, config.databasePoolSize));
    parts.sandbox = await startSandbox({ pagePort: config.sandboxPort, dataDir: config.dataDir });
    const sandbox = parts.sandbox;
    // Chosen once RabbitMQ and PostgreSQL are up (their start is the long wait), just before the listeners open.
    const ports = await publicPorts(config);
    const plans = await planReplicas(counts);
    const apiUrl = `http://127.0.0.1:${ports.api}`;
    const env = clusterEnv(config, parts.backing, sandbox, ports);
    const replicaOptions = {
      env,
      dataDir: config.dataDir,
      say,
      children,
      stopTimeoutMs: config.drainDelayMs + config.drainTimeoutMs + 5000,
      startFrom,
    };
    const startRoles = async (roles: Role[]) => {
      const started = plans.filter((p) => roles.includes(p.role)).map((plan) => startReplica(plan, replicaOptions));
      parts.replicas.push(...started);
      await Promise.all(started.map((r) => r.ready()));
    };
    // The services first, so the gateways never forward to nobody; the edge once they answer.
    await startRoles(['billing', 'mail', 'webhooks']);
    await startRoles(['gateway', 'submission', 'dashboard']);
    parts.haproxy = await startHaproxy({
      binary: haproxy,
      configFile: path.join(config.dataDir, 'haproxy.cfg'),
      servers: balancedServers(plans),
      binds: {
        API_BIND: `${envReader(config.env).string('HOST', '')}:${ports.api}`,
        ADMIN_BIND: `127.0.0.1:${ports.admin}`,
        BOUNCES_BIND: `127.0.0.1:${ports.bounces}`,
        DASHBOARD_BIND: `127.0.0.1:${ports.dashboard}`,
        SUBMISSION_BIND: `${envReader(config.env).string('HOST', '')}:${ports.submission}`,
        SUBMISSIONS_BIND: `${envReader(config.env).string('HOST', '')}:${ports.submissions}`,
        INBOUND_BIND: `${envReader(config.env).string('HOST', '')}:${ports.inbound}`,
        MONITOR_BIND: `127.0.0.1:${ports.monitor}`,
      },
      monitorUrl: `http://127.0.0.1:${ports.monitor}/healthz`,
      logFile: path.join(config.dataDir, 'logs', 'haproxy.log'),
      env: config.env,
      say,
      children,
    });
    await untilReady(`${apiUrl}/readyz`);
    await untilReady(`http://127.0.0.1:${ports.dashboard}/readyz`);
    // The sandbox's reports and inbound mail go where the bounce domain's and tenants' MX would send them: the balancer.
    sandbox.sink.reportTo({ host: '127.0.0.1', port: ports.bounces });
    sandbox.receiveAt({ host: '127.0.0.1', port: ports.inbound, mxHost: env.INBOUND_MX_HOST ?? SANDBOX_MX_HOST });
    sandbox.setApiUrl(apiUrl);
    sandbox.hub.setWebhookUrl(`${env.PUBLIC_URL}/billing/webhook/subscription-hub`);
    const sandboxTenant = await ensureSandboxTenant(apiUrl, env.ADMIN_TOKEN!, sandbox.dns);
    const haproxyLine = () =>
      processLine(
        'haproxy',
        parts.haproxy!.pid(),
        `api :${ports.api}  admin 127.0.0.1:${ports.admin}  bounces :${ports.bounces}  dashboard :${ports.dashboard}  submission :${ports.submission} :${ports.submissions}  inbound :${ports.inbound}`,
      );
    const sandboxLine = processLine(
      'sandbox',
      process.pid,
      `mailbox ${sandbox.pageUrl}  MTA smtp://127.0.0.1:${sandbox.sink.port}  DNS 127.0.0.1:${sandbox.dns.port}  (this process)`,
    );
    return {
      url: apiUrl,
      sandbox,
      sandboxTenant,
      reportsUrl: `smtp://127.0.0.1:${ports.bounces}`,
      inboundUrl: `smtp://127.0.0.1:${ports.inbound}`,
      dashboardUrl: `http://127.0.0.1:${ports.dashboard}`,
      submission: {
        url: `smtp://127.0.0.1:${ports.submission}`,
        tlsUrl: `smtps://127.0.0.1:${ports.submissions}`,
        certFile: env.SMTP_SUBMISSION_TLS_CERT_FILE,
      },
      replicas: parts.replicas,
      startedFrom: startFrom,
      async roll() {
        const monitor = `http://127.0.0.1:${ports.monitor}/stats;csv`;
        // One replica of each role at a time, the roles side by side, as each Deployment of a cluster rolls on its own.
        for (const wave of waves(parts.replicas)) {
          // A replica that serves again is not yet back in the balancer (two good checks): its peer waits for that.
          await balancerSeesAllUp(monitor);
          await Promise.all(wave.map((replica) => replica.restart()));
        }
        await balancerSeesAllUp(monitor);
      },
      processLines: () => [...parts.backing!.lines(), ...parts.replicas.map((r) => r.line()), haproxyLine(), sandboxLine],
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** `CLUSTER_START_FROM`: an earlier version's checkout, built, whose replicas a rolling restart upgrades to this one. */
function earlierTree(config: PlatformConfig): string | undefined {
  const dir = envReader(config.env).optional('CLUSTER_START_FROM');
  if (!dir) return undefined;
  const tree = path.resolve(dir);
  if (!existsSync(builtService(tree)))
    throw new Error(`CLUSTER_START_FROM=${dir} holds no built tree (${builtService('.')}): run npm ci and npm run build there`);
  return tree;
}

/** The first replica of every role, then the second of every role that has one, and so on. */
function waves(replicas: Replica[]): Replica[][] {
  const byRole = new Map<Role, Replica[]>();
  for (const r of replicas) byRole.set(r.role, [...(byRole.get(r.role) ?? []), r]);
  const depth = Math.max(0, ...[...byRole.values()].map((list) => list.length));
  return Array.from({ length: depth }, (_, i) => [...byRole.values()].flatMap((list) => list.slice(i, i + 1)));
}

/** The embedded default's defaults, then the caller's environment over them, then the cluster's own wiring. */
function clusterEnv(config: PlatformConfig, backing: Backing, sandbox: Sandbox, ports: PublicPorts): Record<string, string | undefined> {
  const secret = (name: string) => localSecret(config.dataDir, name);
  return {
    DKIM_KEY_SECRET: secret('dkim-key-secret'),
    UNSUBSCRIBE_SECRET: secret('unsubscribe-secret'),
    WEBHOOK_SECRET_KEY: secret('webhook-secret-key'),
    TRACKING_SECRET: secret('tracking-secret'),
    DASHBOARD_SESSION_SECRET: secret('dashboard-session-secret'),
    TOTP_SECRET_KEY: secret('totp-secret-key'),
    WEBHOOK_SANDBOX: 'true',
    PUBLIC_URL: `http://localhost:${ports.api}`,
    // The platform's own host carries tracked links of identities without a tracking domain of their own.
    TRACKING_URL: config.env.PUBLIC_URL ?? `http://localhost:${ports.api}`,
    BOUNCE_DOMAIN: SANDBOX_BOUNCE_DOMAIN,
    BOUNCE_MX_HOST: SANDBOX_BOUNCE_MX_HOST,
    RETURN_PATH_SPF: SANDBOX_RETURN_PATH_SPF,
    // Every report connection comes from HAProxy's address; HAProxy limits each sender itself (as in compose).
    BOUNCE_MAX_CONNECTIONS_PER_CLIENT: '100',
    // Plain HTTP on this machine: a Secure cookie would never come back.
    DASHBOARD_SECURE_COOKIES: 'false',
    ...submissionCertificate(config),
    // HAProxy opens each submission connection with a PROXY header, so the replicas see the sender's address.
    SMTP_SUBMISSION_PROXY_PROTOCOL: 'true',
    DASHBOARD_SMTP_HOST: 'localhost',
    DASHBOARD_SMTP_PORTS: `${ports.submission},${ports.submissions}`,
    INBOUND_MX_HOST: SANDBOX_MX_HOST,
    INBOUND_DOMAIN: SANDBOX_INBOUND_DOMAIN,
    ...inboundCertificate(config),
    // HAProxy opens each inbound connection with a PROXY header too: the limits and SPF see the sending MTA's address.
    INBOUND_PROXY_PROTOCOL: 'true',
    // HAProxy, on loopback, names each API client in X-Forwarded-For: the audit log records the client's address.
    TRUSTED_PROXIES: 'loopback',
    // The dashboard proves the browser's address to the gateways with it (docs/decisions/real-client-limits.md).
    DASHBOARD_HOP_SECRET: secret('dashboard-hop-secret'),
    ...sandbox.env,
    ...config.env,
    AMQP_URL: backing.amqpUrl,
    ...(backing.databaseUrl ? { DATABASE_URL: backing.databaseUrl } : {}),
    // Without one of yours, a token for this run only: the cluster makes the sandbox tenant, nobody else gets in.
    ADMIN_TOKEN: config.env.ADMIN_TOKEN || randomBytes(24).toString('base64url'),
    HOST: '127.0.0.1',
    BOUNCE_HOST: '127.0.0.1',
    INBOUND_HOST: '127.0.0.1',
    API_URL: `http://127.0.0.1:${ports.api}`,
  };
}

/** PORT and the ports beside it as `npm start` uses them (reports +2, dashboard +3, submission +4 and +5, inbound +6); any free port where one is 0. */
async function publicPorts(config: PlatformConfig): Promise<PublicPorts> {
  const read = envReader(config.env);
  const port = read.int('PORT', 3000, { min: 0, max: 65_535 });
  const beside = (variable: string, offset: number) => read.int(variable, port === 0 ? 0 : port + offset, { min: 0, max: 65_535 });
  const orFree = async (value: number) => value || (await freePort());
  return {
    api: await orFree(port),
    bounces: await orFree(beside('BOUNCE_PORT', 2)),
    dashboard: await orFree(beside('DASHBOARD_PORT', 3)),
    submission: await orFree(port === 0 ? 0 : port + 4),
    submissions: await orFree(port === 0 ? 0 : port + 5),
    inbound: await orFree(port === 0 ? 0 : port + 6),
    admin: await freePort(),
    monitor: await freePort(),
  };
}

/** Each process has a pool of DATABASE_POOL_SIZE connections, mail one more for its bodies; and room for tools. */
const connectionsFor = (processes: number, poolSize: number) => Math.max(100, processes * poolSize * 2 + 20);

async function untilReady(url: string, timeoutMs = 60_000) {
  for (const deadline = Date.now() + timeoutMs; ; await delay(100)) {
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
  }
}

async function balancerSeesAllUp(statsUrl: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const csv = await fetch(statsUrl).then(
      (res) => (res.ok ? res.text() : ''),
      () => '',
    );
    const [head, ...rows] = csv.split('\n').filter(Boolean);
    const columns = (head ?? '').replace(/^# /, '').split(',');
    const [name, status] = [columns.indexOf('svname'), columns.indexOf('status')];
    const servers = rows.map((row) => row.split(',')).filter((cells) => !['FRONTEND', 'BACKEND'].includes(cells[name]));
    if (servers.length > 0 && servers.every((cells) => cells[status] === 'UP')) return;
    if (Date.now() > deadline) throw new Error(`the balancer did not see every server up within ${timeoutMs / 1000} s`);
    await delay(100);
  }
}
