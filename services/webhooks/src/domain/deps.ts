import type { Broker } from '@mailplane/broker';
import type { Clock, Logger } from '@mailplane/runtime';
import type { KeyBox } from '@mailplane/secrets';
import type { WebhooksConfig } from '../config';
import type { DeliveriesRepo } from '../data-access/deliveries-repo';
import type { DeliveriesQueueRepo } from '../data-access/deliveries-queue-repo';
import type { EndpointsRepo } from '../data-access/endpoints-repo';
import type { HttpTarget } from '../data-access/http-target';
import type { MailListeners } from '../data-access/mail-listeners';
import type { PlansRepo } from '../data-access/plans-repo';
import type { InFlight } from './in-flight';
import type { Narrowing } from './narrowing';

export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed' | 'gone' | 'cancelled';
/** Why a due delivery waits without an attempt: its tenant's or endpoint's places are taken, or its endpoint is paused. */
export type PostponeReason = 'busy' | 'paused';

export interface WebhooksMetrics {
  delivery(outcome: DeliveryOutcome): void;
  postponed(reason: PostponeReason): void;
  redispatched(count: number): void;
}

export interface WebhooksDeps {
  config: WebhooksConfig;
  endpoints: EndpointsRepo;
  deliveries: DeliveriesRepo;
  /** Which broker queue the pending deliveries' work items are on. */
  deliveriesQueue: DeliveriesQueueRepo;
  plans: PlansRepo;
  /** Mail publishes only the event types the tenant's endpoints listen for: told before an endpoint listens for more. */
  mailListeners: MailListeners;
  narrowing: Narrowing;
  keyBox: KeyBox;
  target: HttpTarget;
  inFlight: InFlight;
  broker: Broker;
  clock: Clock;
  logger: Logger;
  metrics: WebhooksMetrics;
}
