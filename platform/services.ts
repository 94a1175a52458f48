import path from 'node:path';
import type { Broker } from '@mailplane/broker';
import { createStore, type Store } from '@mailplane/store';
import type { Clock, Logger } from '@mailplane/runtime';
import { billingConfig, startBilling } from '@mailplane/billing';
import { mailConfig, startMail } from '@mailplane/mail';
import { startWebhooks, webhooksConfig } from '@mailplane/webhooks';
import { gatewayConfig, startGateway } from '@mailplane/gateway';
import type { Env, PlatformConfig } from './config';

export const SERVICE_NAMES = ['gateway', 'billing', 'mail', 'webhooks'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export interface Running {
  stop(): Promise<void>;
  url?: string;
}

/** Each service owns its data: its own MongoDB database, or its own folder of the embedded store. */
export function storeFor(name: ServiceName, config: PlatformConfig): Promise<Store> {
  return createStore(
    config.mongodbUrl ? { mongodbUrl: config.mongodbUrl, dbName: `mailplane_${name}` } : { dir: path.join(config.dataDir, name) },
  );
}

/** Starts one service; its own variables are read (and refused with a clear message) here. */
export async function startService(
  name: ServiceName,
  deps: { broker: Broker; store: Store; logger: Logger; env: Env; clock?: Clock },
): Promise<Running> {
  const common = { broker: deps.broker, store: deps.store, logger: deps.logger, clock: deps.clock };
  switch (name) {
    case 'gateway':
      return startGateway({ ...common, config: gatewayConfig(deps.env) });
    case 'billing':
      return startBilling({ ...common, config: billingConfig(deps.env) });
    case 'mail':
      return startMail({ ...common, config: mailConfig(deps.env) });
    case 'webhooks':
      return startWebhooks({ ...common, config: webhooksConfig(deps.env) });
  }
}
