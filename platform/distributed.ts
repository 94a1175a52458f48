import { setTimeout as delay } from 'node:timers/promises';
import { createAmqpBroker } from '@mailplane/broker';
import { ConfigError, createLogger, createMetricsRegistry, dependencyProbe, drainableProbe } from '@mailplane/runtime';
import type { PlatformConfig } from './config';
import { startOpsServer } from './ops-server';
import { startService, storeConfigFor, storeFor, type ServiceName } from './services';

/** Where each service's ops listener goes unless OPS_PORT says otherwise: distinct, so four processes fit on one host. */
export const DEFAULT_OPS_PORTS: Record<ServiceName, number> = {
  gateway: 9400,
  billing: 9401,
  mail: 9402,
  webhooks: 9403,
  submission: 9404,
};

/** The gateway also answers /healthz and /readyz on its API port, and /metrics there only with METRICS_TOKEN. */
export async function startDistributed(name: ServiceName, config: PlatformConfig) {
  if (!config.amqpUrl) throw new ConfigError('AMQP_URL', 'is required to run a service on its own');
  const logger = createLogger({ level: config.logLevel, bindings: { process: name } });
  // The store first: a database that cannot be used is a configuration error worth seeing at once.
  const store = await storeFor(name, config);
  const broker = await createAmqpBroker({
    url: config.amqpUrl,
    logger,
    connectionName: `mailplane-${name}`,
    slowStartMs: config.rpcSlowStartMs,
  }).catch(async (err) => {
    await store.close();
    throw err;
  });
  const metrics = createMetricsRegistry();
  const drain = drainableProbe(dependencyProbe(name, { store, broker }), name);
  const readiness = drain.readiness;
  const deps = { broker, store, storeConfig: storeConfigFor(name, config), logger, env: config.env, metrics, readiness };
  const running = await startService(name, deps);
  const ops = await startOpsServer({
    port: config.opsPort ?? DEFAULT_OPS_PORTS[name],
    host: config.opsHost,
    metrics,
    readiness,
    metricsToken: config.metricsToken,
  }).catch(async (err) => {
    await running.stop();
    throw err;
  });
  logger.info('ops listener started', { service: name, url: ops.url, paths: ['/metrics', '/healthz', '/readyz'] });
  return {
    url: running.url,
    tlsUrl: running.tlsUrl,
    opsUrl: ops.url,
    drainTimeoutMs: config.drainTimeoutMs,
    /** /readyz answers 503 for DRAIN_DELAY_MS before the service stops (docs/decisions/graceful-drain.md). */
    stop: async () => {
      logger.info('stopping', { service: name, drainDelayMs: config.drainDelayMs });
      drain.begin();
      await delay(config.drainDelayMs);
      await running.stop();
      await ops.stop();
      await store.close();
      await broker.close();
      logger.info('stopped', { service: name });
    },
  };
}
