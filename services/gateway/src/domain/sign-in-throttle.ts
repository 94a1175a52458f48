import type { Clock } from '@mailplane/runtime';
import type { AttemptCountsRepo } from '../data-access/attempt-counts-repo';
import { accountClient, failureCount, rateLimited } from './failure-count';

/** Failed sign-ins one client address, or one email address, may make per window before it is refused outright. */
export const SIGN_IN_MAX_FAILURES = 10;
/** Once an account's budget is used up, a client that failed on it this often itself waits for its window to end. */
export const SIGN_IN_MAX_FAILURES_PER_ACCOUNT_CLIENT = 3;

/**
 * What one instance counts (named in its refusal, and keying its counts), and how many a client or an account may make.
 * `accountBlocks`: the account's budget refuses every client (mailed links: nobody's inbox is flooded); otherwise it
 * only refuses the clients that failed on the account themselves (sign-ins: strangers never lock the owner out).
 */
export interface ThrottleCounts {
  name: string;
  counted: string;
  perClient: number;
  perAccount: number;
  accountBlocks: boolean;
}
const SIGN_IN_COUNTS: ThrottleCounts = {
  name: 'sign-in',
  counted: 'failed sign-ins',
  perClient: SIGN_IN_MAX_FAILURES,
  perAccount: SIGN_IN_MAX_FAILURES,
  accountBlocks: false,
};
/**
 * Mailed links, every request counted: an address gets at most 5 mails a window (nobody's inbox is flooded through
 * the platform), a client address may ask 30 times (an office behind one address still works).
 */
export const LINK_REQUEST_COUNTS: ThrottleCounts = {
  name: 'link',
  counted: 'requests for a mailed link',
  perClient: 30,
  perAccount: 5,
  accountBlocks: true,
};
const WINDOW_MS = 15 * 60_000;

/**
 * Counts failed password sign-ins per client address (an IPv6 one by its /64, the real client: see
 * docs/decisions/real-client-limits.md), per email address and per (email address, client). A client trying many
 * accounts meets its own count. An account whose budget strangers used up refuses only the clients that failed on it
 * themselves (3 times): a guesser spraying one account from many addresses gets 3 tries per address and window,
 * while the owner, signing in from an address with no failures of its own, is never locked out by them. The counts
 * are in the gateway's store, so every replica counts into one window that opens at the first failure. Mailed links
 * are counted by another instance (`LINK_REQUEST_COUNTS`), every request as one, the account's budget refusing all.
 */
export function signInThrottle(attempts: AttemptCountsRepo, clock: Clock, counts: ThrottleCounts = SIGN_IN_COUNTS) {
  const byClient = failureCount(attempts, clock, { name: counts.name, max: counts.perClient, windowMs: WINDOW_MS });
  const byAccount = failureCount(attempts, clock, { name: counts.name, max: counts.perAccount, windowMs: WINDOW_MS, per: 'account' });
  const byAccountClient = failureCount(attempts, clock, {
    name: counts.name,
    max: SIGN_IN_MAX_FAILURES_PER_ACCOUNT_CLIENT,
    windowMs: WINDOW_MS,
    per: 'account-client',
  });
  const accountWait = async (address: string | undefined, email: string) => {
    const account = await byAccount.waitFor(email);
    if (account === 0 || counts.accountBlocks) return account;
    return Math.min(account, await byAccountClient.waitFor(accountClient(email, address)));
  };
  return {
    /** Refuses with 429 `rate_limited` while the client, or the account for this client, has used up its attempts. */
    async check(address: string | undefined, email: string): Promise<void> {
      const waitMs = Math.max(...(await Promise.all([byClient.waitFor(address), accountWait(address, email)])));
      if (waitMs > 0) throw rateLimited(`${counts.counted} from this address or to this account`, waitMs);
    },
    async failed(address: string | undefined, email: string): Promise<void> {
      const counted = [byClient.failed(address), byAccount.failed(email)];
      if (!counts.accountBlocks) counted.push(byAccountClient.failed(accountClient(email, address)));
      await Promise.all(counted);
    },
    /**
     * A success forgets this client's failures on the account; neither the client's count (one right password must not
     * reset a spray) nor the account's (the owner signing in must not reopen it to guessers).
     */
    succeeded: (address: string | undefined, email: string): Promise<void> => byAccountClient.forget(accountClient(email, address)),
  };
}
export type SignInThrottle = ReturnType<typeof signInThrottle>;
