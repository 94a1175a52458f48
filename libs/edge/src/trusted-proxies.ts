import { isIP } from 'node:net';
import { ConfigError } from '@mailplane/runtime';

// proxy-addr's name for this host's addresses; `uniquelocal` and `linklocal` would trust any container of a private network.
const RANGE_NAMES = new Set(['loopback']);

/** TRUSTED_PROXIES: peers whose `X-Forwarded-For` names the client (addresses, CIDR ranges, `loopback`); unset trusts none. */
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
