import { AppError } from '@mailplane/contracts';
import { clientKey, type Clock } from '@mailplane/runtime';
import type { AttemptCount, AttemptCountsRepo } from '../data-access/attempt-counts-repo';

/** Milliseconds until a key whose window holds `count` may try again when `max` are allowed; 0 when it may now. */
export const waitOf = (count: AttemptCount | null, max: number, now: Date) =>
  count && count.count >= max ? count.until.getTime() - now.getTime() : 0;

/** One throttle's key for a client: an IPv4 address, or an IPv6 one by its /64. */
export const clientCountId = (throttle: string, address: string | undefined) => `${throttle}:client:${clientKey(address ?? 'unknown')}`;

/** The HTTP refusal of a throttle: 429 `rate_limited`, with the whole seconds left in Retry-After. */
export function rateLimited(what: string, waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError('rate_limited', `Too many ${what}; retry in ${seconds} s.`, { headers: { 'Retry-After': String(seconds) } });
}

/**
 * Failed authentications per client, counted under the throttle's `name` in a window that opens at the first failure:
 * after `max` of them the client is refused until the window closes. The counts are in the gateway's store, so every
 * replica (gateway or submission) counts into the same window: N replicas allow `max`, not N × `max`.
 */
export function failureCount(attempts: AttemptCountsRepo, clock: Clock, limits: { name: string; max: number; windowMs: number }) {
  const idOf = (address: string | undefined) => clientCountId(limits.name, address);
  return {
    /** Milliseconds until `address` may try again; 0 when it may now. */
    async waitFor(address: string | undefined): Promise<number> {
      const now = clock.now();
      return waitOf(await attempts.current(idOf(address), now), limits.max, now);
    },
    failed: (address: string | undefined): Promise<void> => attempts.add(idOf(address), clock.now(), limits.windowMs),
    /** A success forgets the client's failures. */
    forget: (address: string | undefined): Promise<void> => attempts.forget(idOf(address)),
  };
}
