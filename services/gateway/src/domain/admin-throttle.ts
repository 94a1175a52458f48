import type { Clock } from '@mailplane/runtime';
import type { AttemptCountsRepo } from '../data-access/attempt-counts-repo';
import { failureCount, rateLimited } from './failure-count';

export { clientKey } from '@mailplane/edge';

export const ADMIN_MAX_FAILURES = 10;
const WINDOW_MS = 60_000;

/** The limit makes guessing loud and slow; a locked-out address is refused even with the right token until its window ends. */
export function adminThrottle(attempts: AttemptCountsRepo, clock: Clock) {
  const failures = failureCount(attempts, clock, { name: 'admin', max: ADMIN_MAX_FAILURES, windowMs: WINDOW_MS });
  return {
    async check(address: string | undefined): Promise<void> {
      const waitMs = await failures.waitFor(address);
      if (waitMs > 0) throw rateLimited('failed admin authentications from this address', waitMs);
    },
    failed: failures.failed,
  };
}
export type AdminThrottle = ReturnType<typeof adminThrottle>;
