import {
  acceptedTotpStep,
  newRecoveryCodes,
  newRecoveryCodeSalt,
  newTotpSecret,
  otpauthUri,
  recoveryCodeHash,
  totpCode,
} from '../src/domain/totp';

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890", in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const at = (seconds: number) => new Date(seconds * 1000);

describe('TOTP second factor', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('when the time is %i s, then the code is RFC 6238 test vector %s', (seconds, code) => {
    expect(totpCode(RFC_SECRET, at(seconds), 8)).toBe(code);
  });

  it('when an authenticator app is given the address, then it holds the secret, issuer and six-digit 30 s codes', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri('Mailplane', 'ada@example.com', secret));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Mailplane:ada@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({ secret, issuer: 'Mailplane', algorithm: 'SHA1', digits: '6', period: '30' });
  });

  it('when the code of this step or a neighbouring one is typed, then it is accepted with its step', () => {
    const now = at(1_700_000_015);
    const step = Math.floor(1_700_000_015 / 30);
    expect(acceptedTotpStep(RFC_SECRET, totpCode(RFC_SECRET, now), now)).toBe(step);
    expect(acceptedTotpStep(RFC_SECRET, totpCode(RFC_SECRET, at(1_700_000_015 - 30)), now)).toBe(step - 1);
    expect(acceptedTotpStep(RFC_SECRET, totpCode(RFC_SECRET, at(1_700_000_015 + 30)), now)).toBe(step + 1);
  });

  it('when a code is old, malformed or already used, then it is refused', () => {
    const now = at(1_700_000_015);
    const code = totpCode(RFC_SECRET, now);
    expect(acceptedTotpStep(RFC_SECRET, totpCode(RFC_SECRET, at(1_700_000_015 - 90)), now)).toBeNull();
    expect(acceptedTotpStep(RFC_SECRET, `${code}0`, now)).toBeNull();
    expect(acceptedTotpStep(RFC_SECRET, 'abcdef', now)).toBeNull();
    const step = acceptedTotpStep(RFC_SECRET, code, now) as number;
    expect(acceptedTotpStep(RFC_SECRET, code, now, step)).toBeNull();
  });

  it('when recovery codes are made, then there are ten distinct ones of 80 bits, each hashed the same however it is typed', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-f]{5}-[0-9a-f]{5}-[0-9a-f]{5}-[0-9a-f]{5}$/);
    const salt = newRecoveryCodeSalt();
    expect(recoveryCodeHash(` ${codes[0].toUpperCase()} `, salt)).toBe(recoveryCodeHash(codes[0], salt));
    expect(recoveryCodeHash(codes[0], salt)).not.toBe(recoveryCodeHash(codes[1], salt));
    // Keyed per member: the same code digests differently for another member, and unlike the unsalted SHA-256 of old.
    expect(recoveryCodeHash(codes[0], newRecoveryCodeSalt())).not.toBe(recoveryCodeHash(codes[0], salt));
    expect(recoveryCodeHash(codes[0], salt)).not.toBe(recoveryCodeHash(codes[0], null));
  });
});
