import { clientKey, type Clock } from '@mailplane/runtime';

/**
 * Failed authentications per client (an IPv4 address or an IPv6 /64), counted in a window that opens at its first
 * failure: after `max` of them the client is refused until the window closes. At most `maxClients` are remembered;
 * past it the oldest is forgotten, so a spray of addresses cannot grow memory. Per process: N replicas allow N × `max`,
 * which is about cost and noise, never about guessing a secret of 16+ random characters.
 */
export function failureCount(limits: { max: number; windowMs: number; maxClients: number }, clock: Clock) {
  const failures = new Map<string, { count: number; until: number }>();
  const keyOf = (address: string | undefined) => clientKey(address ?? 'unknown');
  const current = (client: string) => {
    const entry = failures.get(client);
    if (entry && entry.until <= clock.now().getTime()) failures.delete(client);
    return failures.get(client);
  };
  return {
    /** Milliseconds until `address` may try again; 0 when it may now. */
    waitFor(address: string | undefined): number {
      const entry = current(keyOf(address));
      return entry && entry.count >= limits.max ? entry.until - clock.now().getTime() : 0;
    },
    failed(address: string | undefined): void {
      const client = keyOf(address);
      const entry = current(client) ?? { count: 0, until: clock.now().getTime() + limits.windowMs };
      failures.delete(client);
      if (failures.size >= limits.maxClients) failures.delete(failures.keys().next().value as string);
      failures.set(client, { ...entry, count: entry.count + 1 });
    },
    /** A success forgets the client's failures. */
    forget(address: string | undefined): void {
      failures.delete(keyOf(address));
    },
  };
}
