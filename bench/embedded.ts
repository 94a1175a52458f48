import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createLogger } from '@mailplane/runtime';
import { loadPlatformConfig } from '../platform/config';
import { startEmbedded } from '../platform/embedded';
import { ADMIN_TOKEN, UNLIMITED, jsonClient, postEmails, sinkReaches, tenantWithIdentity, type RunResult } from './common';
import { assertSigned } from './sink';
import { profileWindow } from './profile';

/** The whole platform in this process on a fresh data folder, quiet and unlimited; `stop` removes the folder too. */
export async function startBenchEmbedded(prefix: string, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const config = loadPlatformConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    SANDBOX_PORT: '0',
    DATA_DIR: dataDir,
    ADMIN_TOKEN,
    LOG_LEVEL: 'silent',
    ...env,
    ...UNLIMITED,
  });
  const platform = await startEmbedded(config, { logger: createLogger({ level: 'silent' }) });
  return { platform, stop: async () => (await platform.stop(), rmSync(dataDir, { recursive: true, force: true })) };
}

/** The whole platform in this process, its own sandbox sink (mailauth DKIM check per message) as is. */
export async function runEmbedded(n: number, window: number): Promise<RunResult> {
  const { platform, stop } = await startBenchEmbedded('mailplane-bench-');
  const client = jsonClient(platform.url, window);
  try {
    const { auth, domain } = await tenantWithIdentity(client, (name, value) => platform.sandbox.dns.setTxt(name, [value]));
    platform.sandbox.sink.clear();
    const stopProfile = await profileWindow('embedded');
    const start = performance.now();
    const accepted = await postEmails(client, auth, domain, n, window);
    const end = await sinkReaches(platform.sandbox.sink, n, 180_000);
    await stopProfile();
    assertSigned(platform.sandbox.sink, 'embedded');
    return {
      mode: 'embedded',
      n,
      seconds: (end - start) / 1000,
      acceptedSeconds: (accepted - start) / 1000,
    };
  } finally {
    client.close();
    await stop();
  }
}
