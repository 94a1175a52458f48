import type { Broker } from '@mailplane/broker';
import type { Clock, KeyBox, Logger } from '@mailplane/runtime';
import type { WebhooksConfig } from '../config';
import type { DeliveriesRepo } from '../data-access/deliveries-repo';
import type { EndpointsRepo } from '../data-access/endpoints-repo';
import type { HttpTarget } from '../data-access/http-target';

export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed' | 'gone' | 'cancelled';

/** What the domain reports to metrics. */
export interface WebhooksMetrics {
  delivery(outcome: DeliveryOutcome): void;
}

export interface WebhooksDeps {
  config: WebhooksConfig;
  endpoints: EndpointsRepo;
  deliveries: DeliveriesRepo;
  keyBox: KeyBox;
  target: HttpTarget;
  broker: Broker;
  clock: Clock;
  logger: Logger;
  metrics: WebhooksMetrics;
}
