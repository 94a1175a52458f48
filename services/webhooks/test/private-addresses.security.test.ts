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

describe('where webhook deliveries may connect outside the sandbox', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fc00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
  ])('when the address is %s, then it is private', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['1.1.1.1', '93.184.216.34', '2606:4700:4700::1111', '172.32.0.1'])('when the address is %s, then it is public', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it('when a host resolves to a public address, then the connection gets it, as one address or as a list', async () => {
    expect(await lookup('1.1.1.1', {})).toEqual({ err: null, result: { address: '1.1.1.1', family: 4 } });
    expect(await lookup('1.1.1.1', { all: true })).toEqual({ err: null, result: [{ address: '1.1.1.1', family: 4 }] });
  });

  it('when a host resolves only to private addresses, then the connection is refused before it is made', async () => {
    for (const options of [{}, { all: true }]) {
      const { err } = await lookup('localhost', options);
      expect(err?.code).toBe('EPRIVATEADDRESS');
    }
  });
});
