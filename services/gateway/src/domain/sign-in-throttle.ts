import { AppError } from '@mailplane/contracts';
import type { Clock } from '@mailplane/runtime';
import { failureCount } from './failure-count';

/** Failed sign-ins one client address, or one email address, may make per window before it is refused outright. */
export const SIGN_IN_MAX_FAILURES = 10;

/** What one instance counts (named in its refusal), and how many of it a client address or an account may make. */
export interface ThrottleCounts {
  counted: string;
  perClient: number;
  perAccount: number;
}
const SIGN_IN_COUNTS = { counted: 'failed sign-ins', perClient: SIGN_IN_MAX_FAILURES, perAccount: SIGN_IN_MAX_FAILURES };
/**
 * Mailed links, every request counted: an address gets at most 5 mails a window (nobody's inbox is flooded through
 * the platform), a client address may ask 30 times (an office behind one address still works).
 */
export const LINK_REQUEST_COUNTS = { counted: 'requests for a mailed link', perClient: 30, perAccount: 5 };
const WINDOW_MS = 15 * 60_000;
const MAX_REMEMBERED = 100_000;

/**
 * Counts failed password sign-ins per client address (an IPv6 one by its /64) and per email address, as SMTP AUTH
 * counts per client: a guesser spraying one account from many addresses meets the account's count, one trying many
 * accounts from one address meets the address's. Per process, so N replicas allow N × the limit (the design record).
 * Mailed links are counted by another instance (`LINK_REQUEST_COUNTS`), every request as one.
 */
export function signInThrottle(clock: Clock, counts: ThrottleCounts = SIGN_IN_COUNTS) {
  const { counted } = counts;
  const limits = { windowMs: WINDOW_MS, maxClients: MAX_REMEMBERED };
  const byClient = failureCount({ ...limits, max: counts.perClient }, clock);
  const byAccount = failureCount({ ...limits, max: counts.perAccount }, clock);
  const account = (email: string) => `account:${email.toLowerCase()}`;
  return {
    /** Refuses with 429 `rate_limited` while the client or the account has used up its failures. */
    check(client: string | undefined, email: string): void {
      const waitMs = Math.max(byClient.waitFor(client), byAccount.waitFor(account(email)));
      if (waitMs <= 0) return;
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw new AppError('rate_limited', `Too many ${counted} from this address or to this account; retry in ${seconds} s.`, {
        headers: { 'Retry-After': String(seconds) },
      });
    },
    failed(client: string | undefined, email: string): void {
      byClient.failed(client);
      byAccount.failed(account(email));
    },
    /** A success forgets the account's failures (not the client's: one right password must not reset a spray). */
    succeeded(email: string): void {
      byAccount.forget(account(email));
    },
  };
}
export type SignInThrottle = ReturnType<typeof signInThrottle>;
