import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const blockList = (type: 'ipv4' | 'ipv6', ranges: [string, number][]) => {
  const list = new BlockList();
  for (const [net, prefix] of ranges) list.addSubnet(net, prefix, type);
  return list;
};

// Every entry of the IANA IPv4 Special-Purpose Address Registry, and multicast; none is a tenant's public endpoint.
const REFUSED_V4 = blockList('ipv4', [
  ['0.0.0.0', 8], // this network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (DS-Lite, NAT64 discovery, PCP and TURN anycast)
  ['192.0.2.0', 24], // documentation
  ['192.31.196.0', 24], // AS112
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // AS112 direct delegation
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the limited broadcast address
]);

// Outside 2000::/3 nothing is global unicast: loopback, unspecified, IPv4-compatible and -translated, discard-only,
// SRv6, unique-local, link- and site-local, multicast. Within it, the special-purpose registry's entries:
const GLOBAL_UNICAST_V6 = blockList('ipv6', [['2000::', 3]]);
const REFUSED_V6 = blockList('ipv6', [
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, AMT, AS112, ORCHID, drone remote ID
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['2620:4f:8000::', 48], // AS112 direct delegation
  ['3fff::', 20], // documentation
]);

function ipv6Bytes(address: string): number[] | null {
  let text = address.replace(/%.*$/, '');
  if (isIP(text) !== 6) return null;
  // A trailing dotted quad is the last two groups.
  text = text.replace(
    /(\d+)\.(\d+)\.(\d+)\.(\d+)$/,
    (_, a, b, c, d) => `${((+a << 8) | +b).toString(16)}:${((+c << 8) | +d).toString(16)}`,
  );
  const [head, tail = ''] = text.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const [left, right] = [groups(head), text.includes('::') ? groups(tail) : []];
  const words = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right].map((g) => parseInt(g, 16));
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}

const startsWith = (bytes: number[], prefix: number[]) => prefix.every((b, i) => bytes[i] === b);
const MAPPED = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];
const NAT64_WELL_KNOWN = [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0];
// ISATAP interface identifiers (RFC 5214): `0000:5efe` or `0200:5efe`, then the IPv4 address.
const isIsatap = (bytes: number[]) => (bytes[8] === 0 || bytes[8] === 2) && bytes[9] === 0 && bytes[10] === 0x5e && bytes[11] === 0xfe;

/** The IPv4 address an IPv6 one carries and leads to (mapped, NAT64 well-known prefix, ISATAP), if any. */
function embeddedIPv4(bytes: number[]): string | null {
  if (!startsWith(bytes, MAPPED) && !startsWith(bytes, NAT64_WELL_KNOWN) && !isIsatap(bytes)) return null;
  return bytes.slice(12).join('.');
}

/** True unless `address` is a public unicast address a delivery may connect to. */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 4) return REFUSED_V4.check(address, 'ipv4');
  const bytes = ipv6Bytes(address);
  if (!bytes) return true;
  const v4 = embeddedIPv4(bytes);
  if (v4 !== null && REFUSED_V4.check(v4, 'ipv4')) return true;
  if (startsWith(bytes, MAPPED) || startsWith(bytes, NAT64_WELL_KNOWN)) return false;
  const text = address.replace(/%.*$/, '');
  return !GLOBAL_UNICAST_V6.check(text, 'ipv6') || REFUSED_V6.check(text, 'ipv6');
}

/** The same whether a host does not resolve or resolves only to refused addresses: the log cannot map internal names. */
export const NO_PUBLIC_ADDRESS = 'ENOPUBLICADDRESS: the host has no public address; refused';

class NoPublicAddressError extends Error {
  code = 'ENOPUBLICADDRESS';
  constructor() {
    super(NO_PUBLIC_ADDRESS.slice('ENOPUBLICADDRESS: '.length));
  }
}

// Checked on the address actually connected to, so a DNS answer that changes between check and connect gains nothing.
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    const allowed = err ? [] : addresses.filter((a) => !isPrivateAddress(a.address));
    if (allowed.length === 0) return callback(new NoPublicAddressError(), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
    callback(null, allowed[0].address, allowed[0].family);
  });
};
