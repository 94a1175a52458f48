import type { InboundRouteRecord } from '../../data-access/inbound-routes-repo';

/** A route's address pattern, split for matching: `support+*@example.com` → prefix `support+`, wildcard. */
export function parsePattern(pattern: string): Pick<InboundRouteRecord, 'domain' | 'prefix' | 'wildcard'> {
  const at = pattern.lastIndexOf('@');
  const local = pattern.slice(0, at).toLowerCase();
  const wildcard = local.endsWith('*');
  return { domain: pattern.slice(at + 1).toLowerCase(), prefix: wildcard ? local.slice(0, -1) : local, wildcard };
}

export function splitAddress(address: string): { local: string; domain: string } | null {
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return null;
  return { local: address.slice(0, at).toLowerCase(), domain: address.slice(at + 1).toLowerCase() };
}

/** The route for a local part among the domain's routes: an exact pattern wins, then the longest prefix. */
export function bestRoute<R extends Pick<InboundRouteRecord, 'prefix' | 'wildcard'>>(routes: R[], local: string): R | null {
  const exact = routes.find((r) => !r.wildcard && r.prefix === local);
  if (exact) return exact;
  const matching = routes.filter((r) => r.wildcard && local.startsWith(r.prefix));
  return matching.sort((a, b) => b.prefix.length - a.prefix.length)[0] ?? null;
}
