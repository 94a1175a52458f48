import path from 'node:path';
import { createFileBlobStore, createStore, type Store } from '@mailplane/store';
import type { Clock } from '@mailplane/runtime';
import type { Env } from '../../../../platform/config';
import { startTestPlatform, type TestPlatform } from '../../../../test/support/platform';

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

/** `startTestPlatform` on `clock`, with the default retry schedule so a deferred message stays deferred while time jumps. */
export const startPlatformOn = (clock: Clock, env: Env = {}, dataDir?: string): Promise<TestPlatform> =>
  startTestPlatform({ RETRY_SCHEDULE: '1m,2m,5m', ...env }, dataDir, clock);

/** Mail's bodies as the embedded platform writes them, read beside it (files are safe to read concurrently). */
export const bodiesOnDisk = (dataDir: string) => createFileBlobStore(path.join(dataDir, 'mail', 'blobs', 'bodies'));

/** Mail's own store, opened while the platform is stopped (the embedded store has one writer). */
export const mailStoreOf = (dataDir: string): Promise<Store> => createStore({ dir: path.join(dataDir, 'mail') });
