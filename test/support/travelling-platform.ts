import path from 'node:path';
import { createBlobStore, type BlobStore, createStore, type Store } from '@mailplane/store';
import type { Clock } from '@mailplane/runtime';
import type { Env } from '../../platform/config';
import { sharedPlatform, startTestPlatform, type TestPlatform } from './platform';

const DAY_MS = 24 * 3600 * 1000;

/** Real time plus whatever the test has travelled: timers keep running, dates jump ahead. */
export function travellingClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    travel(ms: number) {
      offsetMs += ms;
    },
    travelDays(days: number) {
      offsetMs += days * DAY_MS;
    },
    /** To a second past the next UTC midnight: a test about daily or hourly windows does not straddle one. */
    travelToDayStart() {
      const now = Date.now() + offsetMs;
      offsetMs += Math.floor(now / DAY_MS) * DAY_MS + DAY_MS + 1000 - now;
    },
  };
}

/** `startTestPlatform` on `clock`, with the default retry schedule so a deferred message stays deferred while time jumps. */
export const startPlatformOn = (clock: Clock, env: Env = {}, dataDir?: string): Promise<TestPlatform> =>
  startTestPlatform({ RETRY_SCHEDULE: '1m,2m,5m', ...env }, dataDir, clock);

/** Mail's bodies as the embedded platform keeps them, opened beside it for one use (SQLite takes a second connection). */
export async function withBodiesOnDisk<R>(dataDir: string, use: (bodies: BlobStore) => Promise<R>): Promise<R> {
  const bodies = await createBlobStore({ dir: path.join(dataDir, 'mail') }, 'bodies');
  try {
    return await use(bodies);
  } finally {
    await bodies.close();
  }
}

/** Mail's own store, opened while the platform is stopped (the embedded store has one writer). */
export const mailStoreOf = (dataDir: string): Promise<Store> => createStore({ dir: path.join(dataDir, 'mail') });

/** `startPlatformOn` for the tests of the enclosing block, as `sharedPlatform` starts and stops it. */
export const sharedPlatformOn = (clock: Clock, env: Env = {}): TestPlatform =>
  sharedPlatform({ RETRY_SCHEDULE: '1m,2m,5m', ...env }, clock);
