import { X509Certificate, createPrivateKey } from 'node:crypto';
import { createSecureContext } from 'node:tls';
import { selfSignedCertificate } from '../platform/self-signed-certificate';

describe('the embedded default certificate for SMTP submission', () => {
  it('when made, then it is a valid X.509 certificate for localhost, 127.0.0.1 and ::1, signed by its own key, for ten years', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    const { cert, key } = selfSignedCertificate('Mailplane SMTP submission (self-signed)', now);
    const x509 = new X509Certificate(cert);
    expect(x509.subject).toBe('CN=Mailplane SMTP submission (self-signed)');
    expect(x509.verify(x509.publicKey)).toBe(true);
    expect([x509.checkHost('localhost'), x509.checkIP('127.0.0.1'), x509.checkIP('::1')]).toEqual(['localhost', '127.0.0.1', '::1']);
    expect(new Date(x509.validFrom).toISOString()).toBe(now.toISOString());
    expect(new Date(x509.validTo).getUTCFullYear()).toBe(2036);
    expect(createPrivateKey(key).asymmetricKeyType).toBe('ec');
    expect(() => createSecureContext({ cert, key })).not.toThrow();
  });

  it('when made twice, then the serial numbers differ', () => {
    expect(new X509Certificate(selfSignedCertificate('a').cert).serialNumber).not.toBe(
      new X509Certificate(selfSignedCertificate('a').cert).serialNumber,
    );
  });
});
