import type { LookupAddress } from 'node:dns';
import { isPrivateAddress, publicOnlyLookup } from '../src/data-access/private-addresses';

const lookup = (host: string, options: { all?: boolean }) =>
  new Promise<{ err: NodeJS.ErrnoException | null; result: unknown }>((resolve) =>
    publicOnlyLookup(
      host,
      options as never,
      ((err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) =>
        resolve({ err, result: Array.isArray(address) ? address : { address, family } })) as never,
    ),
  );

// One address inside each entry of the IANA special-purpose address registries (and multicast), edges included.
const IPV4_SPECIAL = [
  ['0.0.0.0', 'this network'],
  ['0.255.255.255', 'this network'],
  ['10.1.2.3', 'private'],
  ['100.64.0.1', 'shared address space'],
  ['100.127.255.255', 'shared address space'],
  ['127.0.0.1', 'loopback'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.0.0.1', 'IETF protocol assignments'],
  ['192.0.0.170', 'NAT64 discovery'],
  ['192.0.2.1', 'documentation'],
  ['192.31.196.1', 'AS112'],
  ['192.52.193.1', 'AMT'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['192.168.1.1', 'private'],
  ['192.175.48.1', 'AS112 direct delegation'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['198.51.100.1', 'documentation'],
  ['203.0.113.1', 'documentation'],
  ['224.0.0.1', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'limited broadcast'],
];
const IPV6_SPECIAL = [
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
  ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata address'],
  ['::127.0.0.1', 'IPv4-compatible'],
  ['::ffff:0:10.0.0.1', 'IPv4-translated'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback'],
  ['64:ff9b::10.0.0.1', 'NAT64 of a private address'],
  ['64:ff9b:1::1', 'NAT64 local-use'],
  ['100::1', 'discard-only'],
  ['100:0:0:1::1', 'dummy prefix'],
  ['2001::1', 'Teredo'],
  ['2001:2::1', 'benchmarking'],
  ['2001:3::1', 'AMT'],
  ['2001:4:112::1', 'AS112'],
  ['2001:20::1', 'ORCHIDv2'],
  ['2001:db8::1', 'documentation'],
  ['2002:7f00:1::1', '6to4'],
  ['2002:808:808::1', '6to4 of a public address'],
  ['2620:4f:8000::1', 'AS112 direct delegation'],
  ['3fff::1', 'documentation'],
  ['5f00::1', 'SRv6 SIDs'],
  ['fc00::1', 'unique local'],
  ['fd12:3456::1', 'unique local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local with a zone'],
  ['fec0::1', 'site-local'],
  ['ff02::1', 'multicast'],
  ['2a00:1450::5efe:10.0.0.1', 'ISATAP of a private address'],
];

describe('where webhook deliveries may connect outside the sandbox', () => {
  it.each([...IPV4_SPECIAL, ...IPV6_SPECIAL])('when the address is %s (%s), then it is refused', (address) =>
    expect(isPrivateAddress(address)).toBe(true),
  );

  it.each([
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '198.20.0.1',
    '192.0.3.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
    '::ffff:1.1.1.1',
    '64:ff9b::808:808',
    '2a00:1450::200:5efe:8.8.8.8',
  ])('when the address is %s, then it is public', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it('when a host resolves to a public address, then the connection gets it, as one address or as a list', async () => {
    expect(await lookup('1.1.1.1', {})).toEqual({ err: null, result: { address: '1.1.1.1', family: 4 } });
    expect(await lookup('1.1.1.1', { all: true })).toEqual({ err: null, result: [{ address: '1.1.1.1', family: 4 }] });
  });

  it('when a host resolves only to refused addresses or not at all, then the connection fails the same way before it is made', async () => {
    for (const options of [{}, { all: true }]) {
      const refused = (await lookup('localhost', options)).err;
      const unknown = (await lookup('no-such-host.invalid', options)).err;
      expect(refused?.code).toBe('ENOPUBLICADDRESS');
      expect([unknown?.code, unknown?.message]).toEqual([refused?.code, refused?.message]);
    }
  });
});
