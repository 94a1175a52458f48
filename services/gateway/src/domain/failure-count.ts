import { AppError } from '@mailplane/contracts';
import { clientKey } from '@mailplane/edge';
import { type Clock } from '@mailplane/runtime';
import type { AttemptCount, AttemptCountsRepo } from '../data-access/attempt-counts-repo';

const waitOf = (count: AttemptCount | null, max: number, now: Date) =>
  count && count.count >= max ? count.until.getTime() - now.getTime() : 0;

const clientCountId = (throttle: string, address: string | undefined) => `${throttle}:client:${clientKey(address ?? 'unknown')}`;

export function rateLimited(what: string, waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError('rate_limited', `Too many ${what}; retry in ${seconds} s.`, { headers: { 'Retry-After': String(seconds) } });
}

interface Limits {
  name: string;
  max: number;
  windowMs: number;
  per?: 'client' | 'account' | 'account-client';
}

export const accountClient = (email: string, address: string | undefined) => `${email.toLowerCase()} ${clientKey(address ?? 'unknown')}`;

/**
 * The window opens at the first failure. The counts are in the gateway's store, so every replica (gateway or
 * submission) counts into the same window: N replicas allow `max`, not N × `max`.
 */
export function failureCount(attempts: AttemptCountsRepo, clock: Clock, limits: Limits) {
  const idOf = (subject: string | undefined) =>
    limits.per === 'account'
      ? `${limits.name}:account:${(subject ?? '').toLowerCase()}`
      : limits.per === 'account-client'
        ? `${limits.name}:account-client:${subject ?? ''}`
        : clientCountId(limits.name, subject);
  return {
    async waitFor(subject: string | undefined): Promise<number> {
      const now = clock.now();
      return waitOf(await attempts.current(idOf(subject), now), limits.max, now);
    },
    failed: (subject: string | undefined): Promise<void> => attempts.add(idOf(subject), clock.now(), limits.windowMs),
    forget: (subject: string | undefined): Promise<void> => attempts.forget(idOf(subject)),
  };
}
