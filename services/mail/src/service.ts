import type { Broker } from '@mailplane/broker';
import type { Store } from '@mailplane/store';
import { serveOperations, systemClock, type Clock, type Logger } from '@mailplane/runtime';
import { mailHandlers } from './entry-points/rpc';

export interface MailService {
  stop(): Promise<void>;
}

export async function startMail(options: { broker: Broker; store: Store; logger: Logger; clock?: Clock }): Promise<MailService> {
  const logger = options.logger.child({ service: 'mail' });
  const deps = { store: options.store, broker: options.broker, clock: options.clock ?? systemClock, logger };
  const rpc = await serveOperations(options.broker, 'rpc.mail', mailHandlers(deps), { logger });
  logger.info('mail service started');
  return {
    stop: () => rpc.cancel(),
  };
}
