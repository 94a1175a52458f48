import { clientKey, perClientLimit } from '../src/client-limits';

describe('clientKey', () => {
  it('when the address is IPv4 (plain or mapped into IPv6), then it is the client', () => {
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  it('when the address is IPv6, then every address of its /64 is the same client, written one way', () => {
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
  });
});

describe('perClientLimit', () => {
  it('when a client holds its maximum, then its next session is refused until one closes, and others are not affected', () => {
    const limit = perClientLimit(2);
    const session = (id: string, remoteAddress: string) => ({ id, remoteAddress });
    expect(limit.admit(session('a', '2001:db8::1'))).toBe(true);
    expect(limit.admit(session('b', '2001:db8::2'))).toBe(true);
    expect(limit.admit(session('c', '2001:db8::3'))).toBe(false);
    expect(limit.admit(session('d', '192.0.2.1'))).toBe(true);
    limit.release(session('a', '2001:db8::1'));
    limit.release(session('a', '2001:db8::1'));
    expect(limit.admit(session('e', '2001:db8::4'))).toBe(true);
    expect(limit.admit(session('f', '2001:db8::5'))).toBe(false);
  });
});
