import { isIP } from 'node:net';
import { ConfigError } from '@mailplane/runtime';

// Express's (proxy-addr's) name for this host's own addresses. Its `uniquelocal` and `linklocal` are refused: they
// would believe `X-Forwarded-For` from any container or pod of a private network, not from the one proxy.
const RANGE_NAMES = new Set(['loopback']);

/**
 * TRUSTED_PROXIES: the peers whose `X-Forwarded-For` names the client (HAProxy's `option forwardfor`), as addresses,
 * CIDR ranges (the proxy's own, exactly) or `loopback`, comma-separated. Unset: no peer is trusted, and the
 * client is the socket's peer whatever a request claims.
 */
export function parseTrustedProxies(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split('/');
    const version = isIP(address);
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 6 ? 128 : 32));
    if (!RANGE_NAMES.has(entry) && (version === 0 || !prefixOk || rest.length > 0)) {
      throw new ConfigError(
        'TRUSTED_PROXIES',
        `has "${entry}": give the proxy's addresses, CIDR ranges or loopback (not the private ranges' names)`,
      );
    }
  }
  return entries;
}
