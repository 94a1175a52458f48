import type { Clock } from '@mailplane/runtime';
import type { AttemptCountsRepo } from '../data-access/attempt-counts-repo';
import { failureCount, rateLimited } from './failure-count';

export const SECOND_FACTOR_MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60_000;

/**
 * Codes given outside sign-in, per member: a stolen session cannot guess its way to removing the second factor (a
 * million codes, three good at a time), and after 5 the right code waits too.
 */
export function secondFactorThrottle(attempts: AttemptCountsRepo, clock: Clock) {
  const failures = failureCount(attempts, clock, {
    name: 'second-factor',
    max: SECOND_FACTOR_MAX_FAILURES,
    windowMs: WINDOW_MS,
    per: 'account',
  });
  return {
    async check(memberId: string): Promise<void> {
      const waitMs = await failures.waitFor(memberId);
      if (waitMs > 0) throw rateLimited('wrong second-factor codes for this member', waitMs);
    },
    failed: (memberId: string) => failures.failed(memberId),
    succeeded: (memberId: string) => failures.forget(memberId),
  };
}
export type SecondFactorThrottle = ReturnType<typeof secondFactorThrottle>;
