import { createAmqpBroker } from '@mailplane/broker';
import { ConfigError, createLogger } from '@mailplane/runtime';
import type { PlatformConfig } from './config';
import { startService, storeConfigFor, storeFor, type ServiceName } from './services';

/** One service in its own process, on RabbitMQ and MongoDB (or its own embedded-store folder). */
export async function startDistributed(name: ServiceName, config: PlatformConfig) {
  if (!config.amqpUrl) throw new ConfigError('AMQP_URL', 'is required to run a service on its own');
  const logger = createLogger({ level: config.logLevel, bindings: { process: name } });
  const broker = await createAmqpBroker({ url: config.amqpUrl, logger });
  const store = await storeFor(name, config);
  const running = await startService(name, { broker, store, storeConfig: storeConfigFor(name, config), logger, env: config.env });
  return {
    url: running.url,
    stop: async () => {
      await running.stop();
      await store.close();
      await broker.close();
    },
  };
}
