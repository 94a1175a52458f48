import path from 'node:path';
import type { Broker } from '@mailplane/broker';
import { createBlobStore, createStore, postgresPoolUsage, type Store, type StoreConfig } from '@mailplane/store';
import { ConfigError, gaugeReadAtScrape, type Clock, type Logger, type MetricsRegistry, type ReadinessProbe } from '@mailplane/runtime';
import { billingConfig, startBilling } from '@mailplane/billing';
import { mailConfig, startMail, type MailConfig } from '@mailplane/mail';
import { startWebhooks, webhooksConfig } from '@mailplane/webhooks';
import { gatewayConfig, startGateway, startSubmission, submissionConfig } from '@mailplane/gateway';
import type { Env, PlatformConfig } from './config';

export const SERVICE_NAMES = ['gateway', 'billing', 'mail', 'webhooks', 'submission'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export interface Running {
  stop(): Promise<void>;
  url?: string;
  reportPort?: number | null;
  inboundPort?: number | null;
  /** The SMTP submission listener's implicit-TLS address (`url` is its STARTTLS one). */
  tlsUrl?: string;
}

export type DataOwner = ServiceName | 'dashboard';

/** Whose data it works on: the SMTP submission listener is the gateway's second edge (it reads its API keys). */
export const dataOwner = (name: DataOwner) => (name === 'submission' ? 'gateway' : name);

export function storeConfigFor(owner: DataOwner, config: PlatformConfig): StoreConfig {
  const name = dataOwner(owner);
  if (config.databaseUrl) return { postgresUrl: config.databaseUrl, schema: `mailplane_${name}`, poolSize: config.databasePoolSize };
  return config.mongodbUrl ? { mongodbUrl: config.mongodbUrl, dbName: `mailplane_${name}` } : { dir: path.join(config.dataDir, name) };
}

/** The owner's store; a database that cannot be used at start-up is a configuration error naming its variable. */
export async function storeFor(name: DataOwner, config: PlatformConfig): Promise<Store> {
  const variable = config.databaseUrl ? 'DATABASE_URL' : config.mongodbUrl ? 'MONGODB_URL' : undefined;
  try {
    return await createStore(storeConfigFor(name, config));
  } catch (err) {
    if (!variable) throw err;
    throw new ConfigError(variable, `cannot be used for ${name}'s store: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Starts one service; its own variables are read (and refused with a clear message) here. */
export async function startService(
  name: ServiceName,
  deps: {
    broker: Broker;
    store: Store;
    storeConfig: StoreConfig;
    logger: Logger;
    env: Env;
    clock?: Clock;
    metrics: MetricsRegistry;
    /** What the gateway's /readyz checks (every service of the process). */
    readiness: ReadinessProbe;
    /** Whether the gateway's /metrics answers without METRICS_TOKEN (the embedded default; never in the distributed mode). */
    openMetrics?: boolean;
  },
): Promise<Running> {
  const common = { broker: deps.broker, store: deps.store, logger: deps.logger, clock: deps.clock, metrics: deps.metrics };
  watchBroker(deps.metrics, name, deps.broker);
  if ('postgresUrl' in deps.storeConfig) watchStorePools(deps.metrics);
  switch (name) {
    case 'gateway':
      return startGateway({ ...common, config: gatewayConfig(deps.env, { openMetrics: deps.openMetrics }), readiness: deps.readiness });
    case 'billing':
      return startBilling({ ...common, config: billingConfig(deps.env) });
    case 'mail':
      return startMailWithBodies({ ...common, config: mailConfig(deps.env) }, deps.storeConfig);
    case 'webhooks':
      return startWebhooks({ ...common, config: webhooksConfig(deps.env) });
    case 'submission':
      return startSubmissionListener({ ...common, config: submissionConfig(deps.env) });
  }
}

function watchBroker(metrics: MetricsRegistry, service: ServiceName, broker: Broker) {
  const spec = { name: 'mailplane_broker_connected', help: '1 while the service is connected to the broker', labelNames: [] };
  gaugeReadAtScrape(metrics, spec, service, () => [{ labels: {}, value: broker.connected() ? 1 : 0 }]);
}

// The process's pools, shared by its services: one series per process, labelled `store` rather than by a service.
function watchStorePools(metrics: MetricsRegistry) {
  const spec = {
    name: 'mailplane_store_pool_connections',
    help: "PostgreSQL connections of the process's pools: in_use, idle, max (all they may open), waiting (queries queued for one)",
    labelNames: ['state'],
  };
  gaugeReadAtScrape(metrics, spec, 'store', () => {
    const usage = postgresPoolUsage();
    return [
      { labels: { state: 'in_use' }, value: usage.inUse },
      { labels: { state: 'idle' }, value: usage.idle },
      { labels: { state: 'max' }, value: usage.max },
      { labels: { state: 'waiting' }, value: usage.waiting },
    ];
  });
}

async function startMailWithBodies(
  options: { broker: Broker; store: Store; logger: Logger; clock?: Clock; config: MailConfig; metrics: MetricsRegistry },
  storeConfig: StoreConfig,
): Promise<Running> {
  const bodies = await createBlobStore(storeConfig, 'bodies');
  const mail = await startMail({ ...options, bodies }).catch(async (err) => {
    await bodies.close();
    throw err;
  });
  return {
    reportPort: mail.reportPort,
    inboundPort: mail.inboundPort,
    async stop() {
      await mail.stop();
      await bodies.close();
    },
  };
}

async function startSubmissionListener(options: Parameters<typeof startSubmission>[0]): Promise<Running> {
  const submission = await startSubmission(options);
  const host = options.config.host === '0.0.0.0' ? '127.0.0.1' : options.config.host;
  return { url: `smtp://${host}:${submission.port}`, tlsUrl: `smtps://${host}:${submission.tlsPort}`, stop: submission.stop };
}
