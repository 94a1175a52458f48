import type { Clock } from '@mailplane/runtime';
import type { AttemptCountsRepo } from '../data-access/attempt-counts-repo';
import { accountClient, failureCount, rateLimited } from './failure-count';

export const SIGN_IN_MAX_FAILURES = 10;
/** Once an account's budget is used up, a client that failed on it this often itself waits for its window to end. */
export const SIGN_IN_MAX_FAILURES_PER_ACCOUNT_CLIENT = 3;

/**
 * `accountBlocks`: a used-up account refuses every client (mailed links: nobody's inbox is flooded); otherwise only
 * the clients that failed on it themselves (sign-ins: strangers never lock the owner out).
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
/** Every request counts: 5 mails per address and window, 30 asks per client (an office behind one address still works). */
export const LINK_REQUEST_COUNTS: ThrottleCounts = {
  name: 'link',
  counted: 'requests for a mailed link',
  perClient: 30,
  perAccount: 5,
  accountBlocks: true,
};
const WINDOW_MS = 15 * 60_000;

/** Counted in the store, so every replica shares one window (docs/decisions/real-client-limits.md). */
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
    async check(address: string | undefined, email: string): Promise<void> {
      const waitMs = Math.max(...(await Promise.all([byClient.waitFor(address), accountWait(address, email)])));
      if (waitMs > 0) throw rateLimited(`${counts.counted} from this address or to this account`, waitMs);
    },
    async failed(address: string | undefined, email: string): Promise<void> {
      const counted = [byClient.failed(address), byAccount.failed(email)];
      if (!counts.accountBlocks) counted.push(byAccountClient.failed(accountClient(email, address)));
      await Promise.all(counted);
    },
    /** Not the client's count (one right password must not reset a spray) nor the account's (nor reopen it to guessers). */
    succeeded: (address: string | undefined, email: string): Promise<void> => byAccountClient.forget(accountClient(email, address)),
  };
}
export type SignInThrottle = ReturnType<typeof signInThrottle>;
