import { clientKey, type Clock } from '@mailplane/runtime';

/** How long the failures of one client are counted together. */
export const AUTH_FAILURE_WINDOW_MS = 15 * 60_000;
// Clients remembered at most; past it, the oldest are forgotten (a flood of addresses cannot grow memory).
const MAX_CLIENTS = 100_000;

/**
 * Failed AUTH attempts per client (an IPv4 address or an IPv6 /64), counted in a window that opens at its first
 * failure: after `max` of them, AUTH is refused to that client until the window closes. A success forgets them.
 * Per process, like the gateway's admission: N replicas allow N × `max` (an API key holds 256 random bits, so this is
 * about cost and noise, not about guessing).
 */
export function authThrottle(max: number, clock: Clock) {
  const failures = new Map<string, { count: number; until: number }>();
  const current = (client: string) => {
    const entry = failures.get(client);
    if (entry && entry.until <= clock.now().getTime()) failures.delete(client);
    return failures.get(client);
  };
  return {
    /** Milliseconds until `address` may try again; 0 when it may now. */
    waitFor(address: string): number {
      const entry = current(clientKey(address));
      return entry && entry.count >= max ? entry.until - clock.now().getTime() : 0;
    },
    failed(address: string): void {
      const client = clientKey(address);
      const entry = current(client) ?? { count: 0, until: clock.now().getTime() + AUTH_FAILURE_WINDOW_MS };
      failures.delete(client);
      failures.set(client, { ...entry, count: entry.count + 1 });
      if (failures.size > MAX_CLIENTS) failures.delete(failures.keys().next().value as string);
    },
    succeeded(address: string): void {
      failures.delete(clientKey(address));
    },
  };
}
