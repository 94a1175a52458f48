import type { Broker } from '@mailplane/broker';
import type { Store } from '@mailplane/store';
import { QUEUES } from '@mailplane/contracts';
import {
  createKeyBox,
  createMetricsRegistry,
  requestIdHeaders,
  runPeriodically,
  serveOperations,
  systemClock,
  type Clock,
  type Logger,
  type MetricsRegistry,
} from '@mailplane/runtime';
import type { WebhooksConfig } from './config';
import { deliveriesRepo } from './data-access/deliveries-repo';
import { endpointsRepo } from './data-access/endpoints-repo';
import type { WebhooksDeps } from './domain/deps';
import { workItem } from './domain/fanout';
import { createHttpTarget } from './data-access/http-target';
import { consumeEvents } from './entry-points/consumers';
import { webhooksHandlers } from './entry-points/rpc';
import { purgeDeliveries } from './domain/retention';
import { webhooksMetrics } from './entry-points/metrics';

export interface WebhooksService {
  deps: WebhooksDeps;
  stop(): Promise<void>;
}

const RECOVERY_BATCH = 10_000;

export async function startWebhooks(options: {
  config: WebhooksConfig;
  broker: Broker;
  store: Store;
  logger: Logger;
  clock?: Clock;
  /** Where the deliveries' series go (the process's registry; a private one otherwise). */
  metrics?: MetricsRegistry;
}): Promise<WebhooksService> {
  const { config, broker, store } = options;
  const logger = options.logger.child({ service: 'webhooks' });
  const clock = options.clock ?? systemClock;
  const deps: WebhooksDeps = {
    config,
    endpoints: endpointsRepo(store),
    deliveries: deliveriesRepo(store),
    keyBox: createKeyBox(config.secretKey, 'webhook-secrets'),
    target: createHttpTarget({ timeoutMs: config.timeoutMs, allowPrivate: config.sandbox, clock }),
    broker,
    clock,
    logger,
    metrics: webhooksMetrics(options.metrics ?? createMetricsRegistry({ processMetrics: false })),
  };
  await deps.endpoints.init();
  await deps.deliveries.init();
  const rpc = await serveOperations(broker, QUEUES.webhooks, webhooksHandlers(deps), { logger });
  const consumers = await consumeEvents(broker, deps);
  // An in-process queue dies with the process, and with it the retries it held: put every pending delivery back.
  const now = deps.clock.now();
  for (const delivery of await deps.deliveries.pending(RECOVERY_BATCH)) {
    const headers = requestIdHeaders(delivery.requestId);
    await broker
      .send(QUEUES.webhooksDeliveries, workItem(delivery, now), { headers })
      .catch((err) => logger.warn('delivery not re-queued', { err }));
  }
  const retention = runPeriodically(() => purgeDeliveries(deps), config.retentionPurgeMs, logger, 'webhook delivery retention');
  logger.info('webhooks service started');
  logger.info('webhooks service started', { consumes: [QUEUES.webhooks, QUEUES.webhooksEvents, QUEUES.webhooksDeliveries] });
  return {
    deps,
    async stop() {
      await retention.stop();
      await rpc.cancel();
      for (const consumer of consumers) await consumer.cancel();
      logger.info('webhooks service stopped');
    },
  };
}
