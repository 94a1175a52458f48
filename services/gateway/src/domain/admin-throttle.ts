import type { Clock } from '@mailplane/runtime';
import type { AttemptCountsRepo } from '../data-access/attempt-counts-repo';
import { failureCount, rateLimited } from './failure-count';

export { clientKey } from '@mailplane/edge';

/** Failed admin authentications one client address may make per window before it is refused outright. */
export const ADMIN_MAX_FAILURES = 10;
const WINDOW_MS = 60_000;

/**
 * Counts failed admin authentications per client in fixed windows, in the gateway's store (every gateway replica counts
 * into one window): the limit makes guessing loud and slow, and a locked-out address is refused even with the right
 * token until its window ends.
 */
export function adminThrottle(attempts: AttemptCountsRepo, clock: Clock) {
  const failures = failureCount(attempts, clock, { name: 'admin', max: ADMIN_MAX_FAILURES, windowMs: WINDOW_MS });
  return {
    /** Refuses with 429 `rate_limited` while the address has used up its failures. */
    async check(address: string | undefined): Promise<void> {
      const waitMs = await failures.waitFor(address);
      if (waitMs > 0) throw rateLimited('failed admin authentications from this address', waitMs);
    },
    failed: failures.failed,
  };
}
export type AdminThrottle = ReturnType<typeof adminThrottle>;
