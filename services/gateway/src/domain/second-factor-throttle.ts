import type { Clock } from '@mailplane/runtime';
import type { AttemptCountsRepo } from '../data-access/attempt-counts-repo';
import { failureCount, rateLimited } from './failure-count';

/** Wrong codes one member may give turning their second factor on or off, per window, before every code is refused. */
export const SECOND_FACTOR_MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60_000;

/**
 * Counts a member's wrong authenticator or recovery codes given outside sign-in (POST /me/totp/confirm, DELETE
 * /me/totp), per member, in the gateway's store as the sign-in throttle counts: a stolen session cannot guess its way
 * to removing the second factor (a million codes, three good at a time), and after 5 the right code waits too.
 */
export function secondFactorThrottle(attempts: AttemptCountsRepo, clock: Clock) {
  const failures = failureCount(attempts, clock, {
    name: 'second-factor',
    max: SECOND_FACTOR_MAX_FAILURES,
    windowMs: WINDOW_MS,
    per: 'account',
  });
  return {
    /** Refuses with 429 `rate_limited` while the member has used up their codes. */
    async check(memberId: string): Promise<void> {
      const waitMs = await failures.waitFor(memberId);
      if (waitMs > 0) throw rateLimited('wrong second-factor codes for this member', waitMs);
    },
    failed: (memberId: string) => failures.failed(memberId),
    succeeded: (memberId: string) => failures.forget(memberId),
  };
}
export type SecondFactorThrottle = ReturnType<typeof secondFactorThrottle>;
