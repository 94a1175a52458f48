import type { Clock } from '@mailplane/runtime';
import type { AttemptCountsRepo } from '../../data-access/attempt-counts-repo';
import { failureCount } from '../../domain/failure-count';

/** How long the failures of one client are counted together. */
export const AUTH_FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * Failed AUTH attempts per client: after `max` in a window, AUTH is refused to it until the window closes, whatever
 * succeeded in between (a success clears nothing). Counted in the gateway's store, so every submission replica counts
 * into the same window.
 */
export function authThrottle(attempts: AttemptCountsRepo, max: number, clock: Clock) {
  const failures = failureCount(attempts, clock, { name: 'smtp-auth', max, windowMs: AUTH_FAILURE_WINDOW_MS });
  return { waitFor: failures.waitFor, failed: failures.failed };
}
export type AuthThrottle = ReturnType<typeof authThrottle>;
