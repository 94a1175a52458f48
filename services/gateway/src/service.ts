import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { replicaCaches, type Broker } from '@mailplane/broker';
import { leaseOn, type Store } from '@mailplane/store';
import {
  createMetricsRegistry,
  dependencyProbe,
  newHolderId,
  runPeriodically,
  systemClock,
  trackRequests,
  type Clock,
  type Logger,
  type MetricsRegistry,
  type ReadinessProbe,
} from '@mailplane/runtime';
import { openKeyBox } from '@mailplane/secrets';
import type { GatewayConfig } from './config';
import { API_KEY_CACHE, apiKeysRepo } from './data-access/api-keys-repo';
import { attemptCountsRepo } from './data-access/attempt-counts-repo';
import { auditLogRepo } from './data-access/audit-log-repo';
import { invitationsRepo } from './data-access/invitations-repo';
import { memberLinksRepo } from './data-access/member-links-repo';
import { membersRepo } from './data-access/members-repo';
import { sessionsRepo } from './data-access/sessions-repo';
import { servicesRpc } from './data-access/services-rpc';
import { watchLiveness } from './data-access/liveness';
import { tenantsRepo } from './data-access/tenants-repo';
import type { GatewayDeps } from './domain/deps';
import { adminThrottle } from './domain/admin-throttle';
import { secondFactorThrottle } from './domain/second-factor-throttle';
import { refusedAttempts } from './domain/refused-attempts';
import { LINK_REQUEST_COUNTS, signInThrottle } from './domain/sign-in-throttle';
import { systemMailBudget } from './domain/system-mail-budget';
import { AUDIT_SWEEP_JOB, sweepAudit } from './domain/audit-sweep';
import { createApp } from './entry-points/app';
import { consumeAuditRecords } from './entry-points/audit-consumer';
import { gatewayServer } from './entry-points/listener';
import { paceRequests } from './entry-points/paced-requests';

const LISTEN_BACKLOG = 4096;
// Beyond a forwarded request's deadlines, for reading its body and writing its answer.
const STOP_SLACK_MS = 1000;

export interface Gateway {
  url: string;
  adminUrl: string | undefined;
  deps: GatewayDeps;
  stop(): Promise<void>;
}

export async function startGateway(options: {
  config: GatewayConfig;
  broker: Broker;
  store: Store;
  logger: Logger;
  clock?: Clock;
  metrics?: MetricsRegistry;
  readiness?: ReadinessProbe;
}): Promise<Gateway> {
  const { config, broker, store } = options;
  const clock = options.clock ?? systemClock;
  const services = servicesRpc(broker, { timeoutMs: config.rpcTimeoutMs, admission: config.admission });
  const attempts = attemptCountsRepo(store);
  const caches = await replicaCaches(broker, options.logger);
  const deps: GatewayDeps = {
    keys: apiKeysRepo(store, caches.cache('api_keys', API_KEY_CACHE)),
    members: membersRepo(store),
    sessions: sessionsRepo(store),
    invitations: invitationsRepo(store),
    memberLinks: memberLinksRepo(store),
    auditLog: auditLogRepo(store),
    tenants: tenantsRepo(store),
    services,
    liveness: watchLiveness(services.isUp),
    adminFailures: adminThrottle(attempts, clock),
    signInFailures: signInThrottle(attempts, clock),
    linkRequests: signInThrottle(attempts, clock, LINK_REQUEST_COUNTS),
    secondFactorFailures: secondFactorThrottle(attempts, clock),
    refusedAttempts: refusedAttempts(attempts, clock),
    systemMailBudget: systemMailBudget(attempts, clock, config.systemMailLimits),
    totpBox: config.totpSecretKey ? await openKeyBox(config.totpSecretKey, 'member-totp') : null,
    broker,
    config,
    clock,
    logger: options.logger.child({ service: 'gateway' }),
    readiness: options.readiness ?? dependencyProbe('gateway', { store, broker }),
  };
  await deps.keys.init();
  await deps.members.init();
  await deps.sessions.init();
  await deps.invitations.init();
  await deps.memberLinks.init();
  await deps.tenants.init();
  await deps.auditLog.init();
  await attempts.init();
  // Bound before the listener opens: every change reaches a service through a gateway, so the queue exists first.
  const auditRecords = await consumeAuditRecords(broker, deps);
  const registry = options.metrics ?? createMetricsRegistry({ processMetrics: false });
  const server = gatewayServer(config);
  // An expectation other than 100-continue is ignored (RFC 9110 allows it) instead of Node's bare 417.
  server.on('checkExpectation', paceRequests(server, createApp(deps, config, registry, config.adminPort === undefined ? 'all' : 'api')));
  const admin = config.adminPort === undefined ? undefined : gatewayServer(config, createApp(deps, config, registry, 'admin'));
  const requests = [server, admin].flatMap((listener) => (listener ? [trackRequests(listener)] : []));
  const url = await listen(server, config.port, config.host);
  const adminUrl =
    admin &&
    (await listen(admin, config.adminPort as number, config.adminHost).catch(async (err) => {
      await requests[0].close(0);
      throw err;
    }));
  // Each gateway its own holder, even two in one process (tests run replicas side by side).
  const lease = leaseOn(store, AUDIT_SWEEP_JOB, { holder: newHolderId(), ttlMs: config.jobLeaseMs, now: () => clock.now() });
  const auditSweep = runPeriodically((signal) => sweepAudit(deps, signal), config.auditSweepMs, deps.logger, 'audit sweep', { lease });
  deps.logger.info('gateway listening', { url, host: config.host, port: Number(new URL(url).port), adminUrl });
  return {
    url,
    adminUrl,
    deps,
    // The longest request waits for a turn, then for its service: one still open after that stopped reading, and is cut.
    stop: async () => {
      await Promise.all(requests.map((r) => r.close(config.admission.maxWaitMs + config.rpcTimeoutMs + STOP_SLACK_MS)));
      deps.liveness.stop();
      await auditSweep.stop();
      await auditRecords.cancel();
      await caches.close();
      deps.logger.info('gateway stopped');
    },
  };
}

// Node's default backlog (511) drops the SYNs of a larger burst, and a dropped SYN is retried only after a second
// or more: the refusals admission gives at once would arrive late, and so would /healthz.
async function listen(server: Server, port: number, host: string): Promise<string> {
  server.listen(port, host, LISTEN_BACKLOG);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const address = server.address() as AddressInfo;
  const reachable = ['0.0.0.0', '::'].includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${reachable}:${address.port}`;
}
