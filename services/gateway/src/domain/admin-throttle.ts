import { AppError } from '@mailplane/contracts';
import type { Clock } from '@mailplane/runtime';
import { failureCount } from './failure-count';

export { clientKey } from '@mailplane/runtime';

/** Failed admin authentications one client address may make per window before it is refused outright. */
export const ADMIN_MAX_FAILURES = 10;
const WINDOW_MS = 60_000;
// Addresses remembered at once.
const MAX_ADDRESSES = 10_000;

/**
 * Counts failed admin authentications per client in fixed windows: the limit makes guessing loud and slow, and a
 * locked-out address is refused even with the right token until its window ends.
 */
export function adminThrottle(clock: Clock) {
  const failures = failureCount({ max: ADMIN_MAX_FAILURES, windowMs: WINDOW_MS, maxClients: MAX_ADDRESSES }, clock);
  return {
    /** Refuses with 429 `rate_limited` while the address has used up its failures. */
    check(address: string | undefined): void {
      const waitMs = failures.waitFor(address);
      if (waitMs <= 0) return;
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw new AppError('rate_limited', `Too many failed admin authentications from this address; retry in ${seconds} s.`, {
        headers: { 'Retry-After': String(seconds) },
      });
    },
    failed: failures.failed,
  };
}
export type AdminThrottle = ReturnType<typeof adminThrottle>;
