import { createMemoryBroker } from '@mailplane/broker';
import { createLogger, type Clock, type Logger } from '@mailplane/runtime';
import { createTenant, type Gateway } from '@mailplane/gateway';
import type { PlatformConfig } from './config';
import { SERVICE_NAMES, startService, storeFor, type Running } from './services';

export interface Embedded {
  url: string;
  gateway: Gateway;
  /** Set only on the first start, when the sandbox tenant and its key were just created. */
  sandbox: { tenantId: string; apiKey: string } | null;
  stop(): Promise<void>;
}

/** Every service in one process over the in-process broker, data on disk under DATA_DIR. */
export async function startEmbedded(config: PlatformConfig, options: { logger?: Logger; clock?: Clock } = {}): Promise<Embedded> {
  const logger = options.logger ?? createLogger({ level: config.logLevel });
  const broker = createMemoryBroker();
  const started: Array<{ running: Running; close: () => Promise<void> }> = [];
  // Services first, gateway last, so the edge never forwards to nobody.
  for (const name of [...SERVICE_NAMES.slice(1), 'gateway'] as const) {
    const store = await storeFor(name, config);
    const running = await startService(name, { broker, store, logger, config, clock: options.clock });
    started.push({ running, close: () => store.close() });
  }
  const gateway = started[started.length - 1].running as Gateway;
  const sandbox = await ensureSandboxTenant(gateway);
  return {
    url: gateway.url,
    gateway,
    sandbox,
    stop: async () => {
      for (const { running, close } of started.reverse()) {
        await running.stop();
        await close();
      }
      await broker.close();
    },
  };
}

async function ensureSandboxTenant(gateway: Gateway) {
  if (await gateway.deps.tenants.findSandbox()) return null;
  const created = await createTenant(gateway.deps, { name: 'Sandbox', sandbox: true });
  return { tenantId: created.tenantId, apiKey: created.apiKey.key };
}
