import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { manualClock } from '@mailplane/runtime';
import { createStore, type Store } from '@mailplane/store';
import { attemptCountsRepo, type AttemptCountsRepo } from '../src/data-access/attempt-counts-repo';
import { authThrottle, AUTH_FAILURE_WINDOW_MS } from '../src/submission/domain/auth-throttle';
import { removeDir } from '../../../test/support/platform';

// The windows start now: the store forgets one whose end has passed on the wall clock.
describe('the throttle of failed SMTP authentications', () => {
  let dir: string;
  let store: Store;
  let attempts: AttemptCountsRepo;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mailplane-auth-throttle-'));
    store = await createStore({ dir });
    attempts = attemptCountsRepo(store);
    await attempts.init();
  });
  afterAll(async () => {
    await store.close();
    removeDir(dir);
  });

  it('when a client fails its maximum within the window, then it waits until the window closes, and then it may try again', async () => {
    const clock = manualClock(new Date());
    const throttle = authThrottle(attempts, 3, clock);
    for (let i = 0; i < 2; i++) await throttle.failed('192.0.2.1');
    expect(await throttle.waitFor('192.0.2.1')).toBe(0);
    clock.advance(60_000);
    await throttle.failed('192.0.2.1');
    expect(await throttle.waitFor('192.0.2.1')).toBe(AUTH_FAILURE_WINDOW_MS - 60_000);
    expect(await throttle.waitFor('192.0.2.2')).toBe(0);
    clock.advance(AUTH_FAILURE_WINDOW_MS - 60_000);
    expect(await throttle.waitFor('192.0.2.1')).toBe(0);
    await throttle.failed('192.0.2.1');
    expect(await throttle.waitFor('192.0.2.1')).toBe(0);
  });

  it('when the failures come from every address of one IPv6 /64, then they count as one client', async () => {
    const throttle = authThrottle(attempts, 2, manualClock(new Date()));
    await throttle.failed('2001:db8:1:2::1');
    await throttle.failed('2001:db8:1:2::ffff');
    expect(await throttle.waitFor('2001:db8:1:2::abcd')).toBeGreaterThan(0);
    expect(await throttle.waitFor('2001:db8:1:3::1')).toBe(0);
  });
});
