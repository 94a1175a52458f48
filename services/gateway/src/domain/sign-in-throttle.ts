import type { Clock } from '@mailplane/runtime';
import type { AttemptCountsRepo } from '../data-access/attempt-counts-repo';
import { failureCount, rateLimited } from './failure-count';

/** Failed sign-ins one client address, or one email address, may make per window before it is refused outright. */
export const SIGN_IN_MAX_FAILURES = 10;

/** What one instance counts (named in its refusal, and keying its counts), and how many a client or an account may make. */
export interface ThrottleCounts {
  name: string;
  counted: string;
  perClient: number;
  perAccount: number;
}
const SIGN_IN_COUNTS = { name: 'sign-in', counted: 'failed sign-ins', perClient: SIGN_IN_MAX_FAILURES, perAccount: SIGN_IN_MAX_FAILURES };
/**
 * Mailed links, every request counted: an address gets at most 5 mails a window (nobody's inbox is flooded through
 * the platform), a client address may ask 30 times (an office behind one address still works).
 */
export const LINK_REQUEST_COUNTS = { name: 'link', counted: 'requests for a mailed link', perClient: 30, perAccount: 5 };
const WINDOW_MS = 15 * 60_000;

/**
 * Counts failed password sign-ins per client address (an IPv6 one by its /64) and per email address, as SMTP AUTH
 * counts per client: a guesser spraying one account from many addresses meets the account's count, one trying many
 * accounts from one address meets the address's. The counts are in the gateway's store, so every replica counts into
 * one window that opens at the first failure. Mailed links are counted by another instance (`LINK_REQUEST_COUNTS`),
 * every request as one.
 */
export function signInThrottle(attempts: AttemptCountsRepo, clock: Clock, counts: ThrottleCounts = SIGN_IN_COUNTS) {
  const byClient = failureCount(attempts, clock, { name: counts.name, max: counts.perClient, windowMs: WINDOW_MS });
  const byAccount = failureCount(attempts, clock, { name: counts.name, max: counts.perAccount, windowMs: WINDOW_MS, per: 'account' });
  return {
    /** Refuses with 429 `rate_limited` while the client or the account has used up its attempts. */
    async check(address: string | undefined, email: string): Promise<void> {
      const waitMs = Math.max(...(await Promise.all([byClient.waitFor(address), byAccount.waitFor(email)])));
      if (waitMs > 0) throw rateLimited(`${counts.counted} from this address or to this account`, waitMs);
    },
    async failed(address: string | undefined, email: string): Promise<void> {
      await Promise.all([byClient.failed(address), byAccount.failed(email)]);
    },
    /** A success forgets the account's failures (not the client's: one right password must not reset a spray). */
    succeeded: (email: string): Promise<void> => byAccount.forget(email),
  };
}
export type SignInThrottle = ReturnType<typeof signInThrottle>;
