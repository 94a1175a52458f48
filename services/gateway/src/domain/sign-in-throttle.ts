import { AppError } from '@mailplane/contracts';
import { clientKey, type Clock } from '@mailplane/runtime';
import type { AttemptCount, AttemptCountsRepo } from '../data-access/attempt-counts-repo';

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
export function signInThrottle(store: AttemptCountsRepo, clock: Clock, counts: ThrottleCounts = SIGN_IN_COUNTS) {
  const client = (address: string | undefined) => `${counts.name}:client:${clientKey(address ?? 'unknown')}`;
  const account = (email: string) => `${counts.name}:account:${email.toLowerCase()}`;
  const waitOf = (count: AttemptCount | null, max: number, now: Date) =>
    count && count.count >= max ? count.until.getTime() - now.getTime() : 0;
  return {
    /** Refuses with 429 `rate_limited` while the client or the account has used up its attempts. */
    async check(address: string | undefined, email: string): Promise<void> {
      const now = clock.now();
      const [byClient, byAccount] = await Promise.all([store.current(client(address), now), store.current(account(email), now)]);
      const waitMs = Math.max(waitOf(byClient, counts.perClient, now), waitOf(byAccount, counts.perAccount, now));
      if (waitMs <= 0) return;
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw new AppError('rate_limited', `Too many ${counts.counted} from this address or to this account; retry in ${seconds} s.`, {
        headers: { 'Retry-After': String(seconds) },
      });
    },
    async failed(address: string | undefined, email: string): Promise<void> {
      const now = clock.now();
      await Promise.all([store.add(client(address), now, WINDOW_MS), store.add(account(email), now, WINDOW_MS)]);
    },
    /** A success forgets the account's failures (not the client's: one right password must not reset a spray). */
    succeeded: (email: string): Promise<void> => store.forget(account(email)),
  };
}
export type SignInThrottle = ReturnType<typeof signInThrottle>;
