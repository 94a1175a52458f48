import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import type { Broker } from '@mailplane/broker';
import type { Store } from '@mailplane/store';
import {
  createMetricsRegistry,
  dependencyProbe,
  systemClock,
  trackRequests,
  type Clock,
  type Logger,
  type MetricsRegistry,
  type ReadinessProbe,
} from '@mailplane/runtime';
import type { GatewayConfig } from './config';
import { apiKeysRepo } from './data-access/api-keys-repo';
import { servicesRpc } from './data-access/services-rpc';
import { watchLiveness } from './data-access/liveness';
import { tenantsRepo } from './data-access/tenants-repo';
import type { GatewayDeps } from './domain/deps';
import { createApp } from './entry-points/app';
import { refuseConnect, rejectMalformedRequest } from './entry-points/client-error';
import { continueAfterChecks } from './entry-points/before-body';
import { paceRequests } from './entry-points/paced-requests';

const LISTEN_BACKLOG = 4096;
// Beyond a forwarded request's deadlines, for reading its body and writing its answer.
const STOP_SLACK_MS = 1000;

export interface Gateway {
  url: string;
  deps: GatewayDeps;
  stop(): Promise<void>;
}

export async function startGateway(options: {
  config: GatewayConfig;
  broker: Broker;
  store: Store;
  logger: Logger;
  clock?: Clock;
  /** Where the gateway's series go, and what /metrics shows (the platform's registry; a private one otherwise). */
  metrics?: MetricsRegistry;
  /** What /readyz checks (the platform's probe; the gateway's own store and broker otherwise). */
  readiness?: ReadinessProbe;
}): Promise<Gateway> {
  const { config, broker, store } = options;
  const services = servicesRpc(broker, { timeoutMs: config.rpcTimeoutMs, admission: config.admission });
  const deps: GatewayDeps = {
    keys: apiKeysRepo(store),
    tenants: tenantsRepo(store),
    services,
    liveness: watchLiveness(services.isUp),
    broker,
    clock: options.clock ?? systemClock,
    logger: options.logger.child({ service: 'gateway' }),
    readiness: options.readiness ?? dependencyProbe('gateway', { store, broker }),
  };
  await deps.keys.init();
  await deps.tenants.init();
  // Node's default backlog (511) drops the SYNs of a larger burst, and a dropped SYN is retried only after
  // a second or more: the refusals admission gives at once would arrive late, and so would /healthz.
  const app = createApp(deps, config, options.metrics ?? createMetricsRegistry({ processMetrics: false }));
  const server: Server = createServer();
  const requests = trackRequests(server);
  const paced = paceRequests(server, app);
  server.listen(config.port, config.host, LISTEN_BACKLOG);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  server.on('clientError', rejectMalformedRequest);
  server.on('checkContinue', continueAfterChecks(server));
  server.on('connect', refuseConnect);
  // An expectation other than 100-continue is ignored (RFC 9110 allows it) instead of Node's bare 417.
  server.on('checkExpectation', paced);
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  deps.logger.info('gateway listening', { url, host: config.host, port });
  return {
    url,
    deps,
    // Stops accepting, then lets every request in flight get its answer: the longest one waits for a turn and then
    // for its service, so after that a request still open is a client that stopped reading, and it is cut.
    stop: async () => {
      await requests.close(config.admission.maxWaitMs + config.rpcTimeoutMs + STOP_SLACK_MS);
      deps.liveness.stop();
      deps.logger.info('gateway stopped');
    },
  };
}
