import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createFileBlobStore, createStore, type Store } from '@mailplane/store';
import { createLogger } from '@mailplane/runtime';
import { loadPlatformConfig, type Env } from '../../../../platform/config';
import { startEmbedded } from '../../../../platform/embedded';
import { ADMIN_TOKEN, removeDir, UNSUBSCRIBE_SECRET, type TestPlatform } from '../../../../test/support/platform';

const DAY_MS = 24 * 3600 * 1000;

/** Real time plus whatever the test has travelled: timers keep running, dates jump ahead. */
export function travellingClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    travelDays(days: number) {
      offsetMs += days * DAY_MS;
    },
  };
}

/** Like `startTestPlatform`, with every service on `clock`. */
export async function startPlatformOn(
  clock: { now(): Date },
  env: Env = {},
  dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-')),
): Promise<TestPlatform> {
  const config = loadPlatformConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_TOKEN,
    LOG_LEVEL: 'silent',
    OUTBOX_SWEEP_MS: '100',
    UNSUBSCRIBE_SECRET,
    ...env,
  });
  const platform = await startEmbedded(config, { logger: createLogger({ level: 'silent' }), clock });
  return {
    ...platform,
    dataDir,
    async newTenant(name = 'Test tenant') {
      const res = await request(platform.url).post('/admin/tenants').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({ name });
      return { tenantId: res.body.tenantId, key: res.body.apiKey.key };
    },
    async stop(options = {}) {
      await platform.stop();
      if (!options.keepData) removeDir(dataDir);
    },
  };
}

/** Mail's bodies as the embedded platform writes them, read beside it (files are safe to read concurrently). */
export const bodiesOnDisk = (dataDir: string) => createFileBlobStore(path.join(dataDir, 'mail', 'blobs', 'bodies'));

/** Mail's own store, opened while the platform is stopped (the embedded store has one writer). */
export const mailStoreOf = (dataDir: string): Promise<Store> => createStore({ dir: path.join(dataDir, 'mail') });
