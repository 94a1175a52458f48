import type { Broker } from '@mailplane/broker';
import type { Store } from '@mailplane/store';
import { serveOperations, systemClock, type Clock, type Logger } from '@mailplane/runtime';
import { webhooksHandlers } from './entry-points/rpc';

export interface WebhooksService {
  stop(): Promise<void>;
}

export async function startWebhooks(options: { broker: Broker; store: Store; logger: Logger; clock?: Clock }): Promise<WebhooksService> {
  const logger = options.logger.child({ service: 'webhooks' });
  const deps = { store: options.store, broker: options.broker, clock: options.clock ?? systemClock, logger };
  const rpc = await serveOperations(options.broker, 'rpc.webhooks', webhooksHandlers(deps), { logger });
  logger.info('webhooks service started');
  return {
    stop: () => rpc.cancel(),
  };
}
