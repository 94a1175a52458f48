import { createAmqpBroker, type AmqpBrokerOptions } from './amqp';
import { createMemoryBroker, type MemoryBrokerOptions } from './memory';
import type { Broker } from './port';

export * from './port';
export { createAmqpBroker, type AmqpBrokerOptions } from './amqp';
export { createMemoryBroker, type MemoryBrokerOptions } from './memory';
export { EVENTS_EXCHANGE } from './amqp-topology';

export type BrokerConfig = Omit<AmqpBrokerOptions, 'url'> & MemoryBrokerOptions & { url?: string };

/** RabbitMQ when a URL is configured, the in-process broker otherwise. */
export async function createBroker(config: BrokerConfig = {}): Promise<Broker> {
  const { url, ...rest } = config;
  return url ? createAmqpBroker({ ...rest, url }) : createMemoryBroker(rest);
}
export { replicaCaches, uncached, type ReplicaCache, type ReplicaCacheOptions, type ReplicaCaches } from './replica-caches';
