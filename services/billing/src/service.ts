import type { Broker } from '@mailplane/broker';
import type { Store } from '@mailplane/store';
import { serveOperations, systemClock, type Clock, type Logger } from '@mailplane/runtime';
import { billingHandlers } from './entry-points/rpc';

export interface BillingService {
  stop(): Promise<void>;
}

export async function startBilling(options: { broker: Broker; store: Store; logger: Logger; clock?: Clock }): Promise<BillingService> {
  const logger = options.logger.child({ service: 'billing' });
  const deps = { store: options.store, broker: options.broker, clock: options.clock ?? systemClock, logger };
  const rpc = await serveOperations(options.broker, 'rpc.billing', billingHandlers(deps), { logger });
  logger.info('billing service started');
  return {
    stop: () => rpc.cancel(),
  };
}
