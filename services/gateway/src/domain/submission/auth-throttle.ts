import type { Clock } from '@mailplane/runtime';
import { failureCount } from '../failure-count';

/** How long the failures of one client are counted together. */
export const AUTH_FAILURE_WINDOW_MS = 15 * 60_000;
const MAX_CLIENTS = 100_000;

/** Failed AUTH attempts per client: after `max` in a window, AUTH is refused to it until the window closes. */
export function authThrottle(max: number, clock: Clock) {
  const failures = failureCount({ max, windowMs: AUTH_FAILURE_WINDOW_MS, maxClients: MAX_CLIENTS }, clock);
  return { waitFor: failures.waitFor, failed: failures.failed, succeeded: failures.forget };
}
