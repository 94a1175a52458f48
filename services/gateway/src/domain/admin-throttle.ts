import { isIPv6 } from 'node:net';
import { AppError } from '@mailplane/contracts';
import type { Clock } from '@mailplane/runtime';

/** Failed admin authentications one client address may make per window before it is refused outright. */
export const ADMIN_MAX_FAILURES = 10;
const WINDOW_MS = 60_000;
// Addresses remembered at once; the oldest is forgotten first, so a spray of addresses cannot grow the map.
const MAX_ADDRESSES = 10_000;

/**
 * The client an attempt counts against: its IPv4 address, or the /64 of an IPv6 one (a single host usually holds a
 * whole /64, so counting its addresses one by one would count nothing).
 */
export function clientKey(address: string | undefined): string {
  const plain = (address ?? 'unknown').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (!isIPv6(plain)) return plain;
  const [head, tail = ''] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Counts failed admin authentications per client in fixed windows. Per gateway process: N replicas allow N times the
 * count, which changes nothing for a token of 16+ random characters; the limit is there to make guessing loud and
 * slow, and a locked-out address is refused even with the right token until its window ends.
 */
export function adminThrottle(clock: Clock) {
  const failures = new Map<string, { count: number; until: number }>();
  const current = (key: string) => {
    const entry = failures.get(key);
    if (entry && entry.until <= clock.now().getTime()) failures.delete(key);
    return failures.get(key);
  };
  return {
    /** Refuses with 429 `rate_limited` while the address has used up its failures. */
    check(address: string | undefined): void {
      const entry = current(clientKey(address));
      if (!entry || entry.count < ADMIN_MAX_FAILURES) return;
      const seconds = Math.max(1, Math.ceil((entry.until - clock.now().getTime()) / 1000));
      throw new AppError('rate_limited', `Too many failed admin authentications from this address; retry in ${seconds} s.`, {
        headers: { 'Retry-After': String(seconds) },
      });
    },
    failed(address: string | undefined): void {
      const key = clientKey(address);
      const entry = current(key) ?? { count: 0, until: clock.now().getTime() + WINDOW_MS };
      failures.delete(key);
      if (failures.size >= MAX_ADDRESSES) failures.delete(failures.keys().next().value as string);
      failures.set(key, { ...entry, count: entry.count + 1 });
    },
  };
}
export type AdminThrottle = ReturnType<typeof adminThrottle>;
