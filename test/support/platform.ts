import { lstatSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createLogger, type Clock, type Logger } from '@mailplane/runtime';
import { loadPlatformConfig, type Env } from '../../platform/config';
import { startEmbedded, type Embedded } from '../../platform/embedded';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';
export const UNSUBSCRIBE_SECRET = 'test-unsubscribe-secret-0123456789abcdef';

export interface TestPlatform extends Embedded {
  dataDir: string;
  /** A fresh tenant and its full-access key, made through the admin surface like a real operator would. */
  newTenant(name?: string): Promise<{ tenantId: string; key: string }>;
  /** Stops the platform and removes its data dir, unless the test means to start again on it. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/** What checks made through the public API and the sandbox need of a platform: the embedded default or the cluster. */
export type PlatformUnderTest = Pick<TestPlatform, 'url' | 'sandbox' | 'newTenant'>;

/** Tests are quiet unless TEST_LOG_LEVEL asks for the platform's log, when chasing a failure. */
const testLogLevel = () => (process.env.TEST_LOG_LEVEL ?? 'silent') as 'silent';

/**
 * The embedded platform on a random port in a fresh data dir, with the admin surface enabled; `clock` drives every
 * service; `logger` takes the platform's log instead of the quiet default (tests about logging).
 */
export async function startTestPlatform(
  env: Env = {},
  dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-')),
  clock?: Clock,
  logger: Logger = createLogger({ level: testLogLevel() }),
): Promise<TestPlatform> {
  const config = loadPlatformConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_TOKEN,
    LOG_LEVEL: 'silent',
    RETRY_SCHEDULE: '50ms,100ms,200ms',
    OUTBOX_SWEEP_MS: '100',
    UNSUBSCRIBE_SECRET,
    // The suite's compiled tree (global-setup.ts): mail's threads start from it, as spawned processes do.
    ...(process.env.MAILPLANE_COMPILED ? { MAILPLANE_COMPILED: process.env.MAILPLANE_COMPILED } : {}),
    ...env,
  });
  const platform = await startEmbedded(config, { logger, ...(clock ? { clock } : {}) });
  return {
    ...platform,
    dataDir,
    async newTenant(name = 'Test tenant') {
      const res = await request(platform.url).post('/admin/tenants').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({ name });
      if (res.status !== 201) throw new Error(`tenant not created: ${res.status} ${JSON.stringify(res.body)}`);
      return { tenantId: res.body.tenantId, key: res.body.apiKey.key };
    },
    async stop(options = {}) {
      await platform.stop();
      if (!options.keepData) removeDir(dataDir);
    },
  };
}

/**
 * Removes a test's data dir. A server the test stopped may still be writing its last files there as it exits (a
 * PostgreSQL checkpoint, RabbitMQ's mnesia after its parent is gone): the whole tree is removed again until it is
 * gone, as `rm -rf` would be by hand (`rmSync`'s own retries only retry the directory, never a file written since).
 */
export function removeDir(dir: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return rmSync(dir, { recursive: true, force: true });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (attempt >= 50 || (code !== 'ENOTEMPTY' && code !== 'EBUSY')) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
}

/** Removes a data dir, and the PostgreSQL data a cluster started as root kept elsewhere for it (`postgres` a symlink). */
export function removeDataDir(dir: string) {
  const postgres = path.join(dir, 'postgres');
  if (lstatOrNull(postgres)?.isSymbolicLink()) removeDir(realpathSync(postgres));
  removeDir(dir);
}

const lstatOrNull = (file: string) => {
  try {
    return lstatSync(file);
  } catch {
    return null;
  }
};

/**
 * One embedded platform (on `env`, driven by `clock`) for the tests of the enclosing describe block, or of the file at
 * top level: started before the first, stopped after the last. Its fields are set once it starts, so tests and later
 * hooks read them there, not when declared.
 */
export function sharedPlatform(env: Env = {}, clock?: Clock): TestPlatform {
  const platform = {} as TestPlatform;
  // A start on two loaded cores may take longer than a test's 30 s.
  beforeAll(async () => {
    Object.assign(platform, await startTestPlatform(env, undefined, clock));
  }, 120_000);
  afterAll(() => platform.stop?.(), 60_000);
  return platform;
}

/**
 * A fresh tenant and its full-access key for the tests of the enclosing block, made before the first (once the
 * platform declared above it has started). Its fields are set then, so tests read them there, not when declared.
 */
export function sharedTenant(platform: Pick<TestPlatform, 'newTenant'>): { tenantId: string; key: string } {
  const tenant = {} as { tenantId: string; key: string };
  beforeAll(async () => {
    Object.assign(tenant, await platform.newTenant());
  });
  return tenant;
}
