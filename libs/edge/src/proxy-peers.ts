import { BlockList, isIP, type Socket } from 'node:net';
import type { SMTPServer } from 'smtp-server';

// TRUSTED_PROXIES' one name (its private ranges' names are refused: they would trust every container or pod).
const NAMED: Record<string, Array<[network: string, prefix: number]>> = {
  loopback: [
    ['127.0.0.0', 8],
    ['::1', 128],
  ],
};

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');
/** A dual-stack listener reports an IPv4 peer as `::ffff:a.b.c.d`. */
const unmapped = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/** Whether an address is one of `entries` (addresses, CIDR ranges or `loopback`, as `parseTrustedProxies` takes them). */
export function peerMatcher(entries: readonly string[]): (address: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const ranges = NAMED[entry] ?? [[entry.split('/')[0], Number(entry.split('/')[1] ?? (isIP(entry) === 6 ? 128 : 32))]];
    for (const [network, prefix] of ranges) list.addSubnet(network, prefix, family(network));
  }
  return (address) => {
    if (!address) return false;
    const plain = unmapped(address);
    return isIP(plain) !== 0 && list.check(plain, family(plain));
  };
}

/**
 * Reads the PROXY header only from `peers`, so a stranger reaching the listener directly cannot pick the address its
 * limits count against. Replaces smtp-server's `useProxy` check, which takes exact addresses only, to allow ranges.
 */
export function readProxyHeadersFrom(server: SMTPServer, peers: readonly string[]): void {
  const trusted = peerMatcher(peers);
  (server as unknown as { _expectsProxyHeader(socket: Socket): boolean })._expectsProxyHeader = (socket) => trusted(socket.remoteAddress);
}
