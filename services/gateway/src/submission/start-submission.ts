import { replicaCaches, type Broker } from '@mailplane/broker';
import type { Store } from '@mailplane/store';
import { createMetricsRegistry, systemClock, type Clock, type Logger, type MetricsRegistry } from '@mailplane/runtime';
import { API_KEY_CACHE, apiKeysRepo } from '../data-access/api-keys-repo';
import { attemptCountsRepo } from '../data-access/attempt-counts-repo';
import { servicesRpc } from '../data-access/services-rpc';
import { membersRepo } from '../data-access/members-repo';
import { sessionsRepo } from '../data-access/sessions-repo';
import { authThrottle } from './domain/auth-throttle';
import { startSubmissionListener } from './entry-points/listener';
import { readTls, type SubmissionConfig } from './config';

export interface Submission {
  port: number;
  tlsPort: number;
  stop(): Promise<void>;
}

/** `store` is the gateway's: API keys are authenticated there. Mail, over broker RPC, owns the accept path. */
export async function startSubmission(options: {
  config: SubmissionConfig;
  broker: Broker;
  store: Store;
  logger: Logger;
  clock?: Clock;
  metrics?: MetricsRegistry;
}): Promise<Submission> {
  const { config } = options;
  const tls = readTls(config.tlsFiles);
  const logger = options.logger.child({ service: 'submission' });
  const clock = options.clock ?? systemClock;
  const caches = await replicaCaches(options.broker, logger);
  const keys = apiKeysRepo(options.store, caches.cache('api_keys', API_KEY_CACHE));
  await keys.init();
  // AUTH failures are counted where every replica counts (a submission replica may start before any gateway).
  const attempts = attemptCountsRepo(options.store);
  await attempts.init();
  const deps = {
    keys,
    // Read only, for a session token given as the password; the gateway creates their indexes.
    members: membersRepo(options.store),
    sessions: sessionsRepo(options.store),
    clock,
    logger,
    throttle: authThrottle(attempts, config.maxAuthFailures, clock),
    services: servicesRpc(options.broker, { timeoutMs: config.rpcTimeoutMs, admission: config.admission }),
    metrics: options.metrics ?? createMetricsRegistry({ processMetrics: false }),
  };
  const listener = await startSubmissionListener(deps, config, tls);
  logger.info('submission listening', { host: config.host, starttlsPort: listener.port, tlsPort: listener.tlsPort });
  return {
    port: listener.port,
    tlsPort: listener.tlsPort,
    async stop() {
      await listener.stop();
      await caches.close();
      logger.info('submission stopped');
    },
  };
}
