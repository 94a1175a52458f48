import type { Clock } from '@mailplane/runtime';
import type { AttemptCountsRepo } from '../../data-access/attempt-counts-repo';
import { failureCount } from '../../domain/failure-count';

export const AUTH_FAILURE_WINDOW_MS = 15 * 60_000;

/** A success in between clears nothing. */
export function authThrottle(attempts: AttemptCountsRepo, max: number, clock: Clock) {
  const failures = failureCount(attempts, clock, { name: 'smtp-auth', max, windowMs: AUTH_FAILURE_WINDOW_MS });
  return { waitFor: failures.waitFor, failed: failures.failed };
}
export type AuthThrottle = ReturnType<typeof authThrottle>;
