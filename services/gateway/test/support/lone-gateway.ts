import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMemoryBroker, type Broker } from '@mailplane/broker';
import { createStore } from '@mailplane/store';
import { createLogger, type Clock } from '@mailplane/runtime';
import { createTenant, gatewayConfig, startGateway, type Gateway } from '../../src';
import { removeDir } from '../../../../test/support/platform';

export interface LoneGateway {
  gateway: Gateway;
  /** The gateway's broker: a test serves `rpc.<service>` on it to play that service. */
  broker: Broker;
  /** A full-access key of a fresh tenant. */
  key: string;
  stop(): Promise<void>;
}

/** The gateway alone, with no services behind it, on a short RPC deadline (300 ms) unless `env` says otherwise. */
export async function startLoneGateway(env: Record<string, string> = {}, clock?: Clock): Promise<LoneGateway> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gateway-'));
  const broker = createMemoryBroker();
  const store = await createStore({ dir });
  const config = gatewayConfig({ PORT: '0', HOST: '127.0.0.1', RPC_TIMEOUT_MS: '300', ...env });
  const gateway = await startGateway({ config, broker, store, logger: createLogger({ level: 'silent' }), ...(clock ? { clock } : {}) });
  const key = (await createTenant(gateway.deps, { name: 'alone' })).apiKey.key;
  return {
    gateway,
    broker,
    key,
    async stop() {
      await gateway.stop();
      await store.close();
      await broker.close();
      removeDir(dir);
    },
  };
}

/**
 * The lone gateway (on `env`, driven by `clock`) for the tests of the enclosing block: started before the first,
 * stopped after the last. Its fields are set once it starts, so tests read them there, not when declared.
 */
export function sharedLoneGateway(env: Record<string, string> = {}, clock?: Clock): LoneGateway {
  const lone = {} as LoneGateway;
  beforeAll(async () => {
    Object.assign(lone, await startLoneGateway(env, clock));
  });
  afterAll(() => lone.stop?.());
  return lone;
}
