import { AppError } from '@mailplane/contracts';
import { clientKey } from '@mailplane/edge';
import { type Clock } from '@mailplane/runtime';
import type { AttemptCount, AttemptCountsRepo } from '../data-access/attempt-counts-repo';

/** Milliseconds until a key whose window holds `count` may try again when `max` are allowed; 0 when it may now. */
const waitOf = (count: AttemptCount | null, max: number, now: Date) =>
  count && count.count >= max ? count.until.getTime() - now.getTime() : 0;

/** One throttle's key for a client: an IPv4 address, or an IPv6 one by its /64. */
const clientCountId = (throttle: string, address: string | undefined) => `${throttle}:client:${clientKey(address ?? 'unknown')}`;

/** The HTTP refusal of a throttle: 429 `rate_limited`, with the whole seconds left in Retry-After. */
export function rateLimited(what: string, waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError('rate_limited', `Too many ${what}; retry in ${seconds} s.`, { headers: { 'Retry-After': String(seconds) } });
}

interface Limits {
  name: string;
  max: number;
  windowMs: number;
  /** What is counted: a client's address (the default), an account's email address, or one client's tries at one account. */
  per?: 'client' | 'account' | 'account-client';
}

/** The subject of a count `per: 'account-client'`: one client's attempts at one account. */
export const accountClient = (email: string, address: string | undefined) => `${email.toLowerCase()} ${clientKey(address ?? 'unknown')}`;

/**
 * Failures per client (or per account), counted under the throttle's `name` in a window that opens at the first
 * failure: after `max` of them the client is refused until the window closes. The counts are in the gateway's store,
 * so every replica (gateway or submission) counts into the same window: N replicas allow `max`, not N × `max`.
 */
export function failureCount(attempts: AttemptCountsRepo, clock: Clock, limits: Limits) {
  const idOf = (subject: string | undefined) =>
    limits.per === 'account'
      ? `${limits.name}:account:${(subject ?? '').toLowerCase()}`
      : limits.per === 'account-client'
        ? `${limits.name}:account-client:${subject ?? ''}`
        : clientCountId(limits.name, subject);
  return {
    /** Milliseconds until `subject` may try again; 0 when it may now. */
    async waitFor(subject: string | undefined): Promise<number> {
      const now = clock.now();
      return waitOf(await attempts.current(idOf(subject), now), limits.max, now);
    },
    failed: (subject: string | undefined): Promise<void> => attempts.add(idOf(subject), clock.now(), limits.windowMs),
    /** A success forgets the subject's failures. */
    forget: (subject: string | undefined): Promise<void> => attempts.forget(idOf(subject)),
  };
}
