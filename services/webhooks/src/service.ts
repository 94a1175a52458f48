import type { Broker } from '@mailplane/broker';
import { leaseOn, type Store } from '@mailplane/store';
import { QUEUES } from '@mailplane/contracts';
import {
  createMetricsRegistry,
  newHolderId,
  runPeriodically,
  serveOperations,
  systemClock,
  type Clock,
  type Logger,
  type MetricsRegistry,
} from '@mailplane/runtime';
import { openKeyBox } from '@mailplane/secrets';
import type { WebhooksConfig } from './config';
import { deliveriesRepo } from './data-access/deliveries-repo';
import { deliveriesQueueRepo } from './data-access/deliveries-queue-repo';
import { endpointsRepo } from './data-access/endpoints-repo';
import { plansRepo } from './data-access/plans-repo';
import { mailListenersClient } from './data-access/mail-listeners';
import type { WebhooksDeps } from './domain/deps';
import { createInFlight } from './domain/in-flight';
import { createNarrowing } from './domain/narrowing';
import { createHttpTarget } from './data-access/http-target';
import { consumeEvents } from './entry-points/consumers';
import { webhooksHandlers } from './entry-points/rpc';
import { purgeDeliveries, RETENTION_JOB } from './domain/retention';
import { recoverLostQueue, sweep, SWEEP_JOB } from './domain/delivery-recovery';
import { webhooksMetrics } from './entry-points/metrics';

export interface WebhooksService {
  deps: WebhooksDeps;
  /** Who this instance is when it holds a job's lease (the sweeper's, retention's). */
  holder: string;
  stop(): Promise<void>;
}

export async function startWebhooks(options: {
  config: WebhooksConfig;
  broker: Broker;
  store: Store;
  logger: Logger;
  clock?: Clock;
  metrics?: MetricsRegistry;
}): Promise<WebhooksService> {
  const { config, broker, store } = options;
  const logger = options.logger.child({ service: 'webhooks' });
  const clock = options.clock ?? systemClock;
  const deps: WebhooksDeps = {
    config,
    endpoints: endpointsRepo(store),
    deliveries: deliveriesRepo(store),
    deliveriesQueue: deliveriesQueueRepo(store),
    plans: plansRepo(store),
    mailListeners: mailListenersClient(broker),
    narrowing: createNarrowing(),
    keyBox: await openKeyBox(config.secretKey, 'webhook-secrets'),
    target: createHttpTarget({ timeoutMs: config.timeoutMs, allowPrivate: config.sandbox, clock }),
    inFlight: createInFlight({ total: config.concurrency, perTenant: config.tenantConcurrency, perEndpoint: config.endpointConcurrency }),
    broker,
    clock,
    logger,
    metrics: webhooksMetrics(options.metrics ?? createMetricsRegistry({ processMetrics: false })),
  };
  await deps.endpoints.init();
  await deps.deliveries.init();
  const rpc = await serveOperations(broker, QUEUES.webhooks, webhooksHandlers(deps), { logger });
  const consumers = await consumeEvents(broker, deps);
  await recoverLostQueue(deps).catch((err) => logger.error('webhook deliveries recovery failed', { err }));
  // Each service instance its own holder, even two in one process (tests run replicas side by side).
  const holder = newHolderId();
  const lease = (job: string) => leaseOn(store, job, { holder, ttlMs: config.jobLeaseMs, now: () => clock.now() });
  const stopping = new AbortController();
  const sweeper = runPeriodically(
    (signal) => sweep(deps, AbortSignal.any([signal, stopping.signal])),
    config.sweepEveryMs,
    logger,
    'webhook delivery sweeper',
    { lease: lease(SWEEP_JOB) },
  );
  const retention = runPeriodically(() => purgeDeliveries(deps), config.retentionPurgeMs, logger, 'webhook delivery retention', {
    lease: lease(RETENTION_JOB),
  });
  logger.info('webhooks service started', {
    consumes: [QUEUES.webhooks, QUEUES.webhooksEvents, QUEUES.webhooksDeliveries, QUEUES.webhooksEntitlements],
  });
  return {
    deps,
    holder,
    async stop() {
      stopping.abort();
      deps.inFlight.close();
      await sweeper.stop();
      await retention.stop();
      await rpc.cancel();
      for (const consumer of consumers) await consumer.cancel();
      logger.info('webhooks service stopped');
    },
  };
}
