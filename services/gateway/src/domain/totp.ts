import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sameSecret } from '@mailplane/secrets';

// RFC 6238 over RFC 4226's HOTP with HMAC-SHA1, 30 s steps and 6 digits: what every authenticator app reads.
const STEP_SECONDS = 30;
const DIGITS = 6;
/** One step either side: a phone clock a little off, or a code typed as it turned over. */
const DRIFT_STEPS = 1;
const RFC4648 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A new shared secret in base32 (RFC 4648, unpadded), 160 bits as RFC 4226 recommends. */
export function newTotpSecret(): string {
  return toBase32(randomBytes(20));
}

export function otpauthUri(issuer: string, account: string, secret: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(DIGITS), period: String(STEP_SECONDS) });
  return `otpauth://totp/${label}?${query}`;
}

export function totpCode(secret: string, at: Date, digits = DIGITS): string {
  return hotp(fromBase32(secret), stepOf(at), digits);
}

/** Only a step later than `lastStep` is accepted: whoever saw a code typed cannot use it again. */
export function acceptedTotpStep(secret: string, code: string, at: Date, lastStep = -1): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = fromBase32(secret);
  const now = stepOf(at);
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step++) {
    if (step > lastStep && sameSecret(hotp(key, step, DIGITS), code)) return step;
  }
  return null;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () => (randomBytes(10).toString('hex').match(/.{5}/g) as string[]).join('-'));
}

/** The member's own key for their recovery codes' digests: the same code of two members never digests alike. */
export const newRecoveryCodeSalt = (): string => randomBytes(16).toString('base64url');

/**
 * 80 random bits need no slow hash. Codes issued before salts (40 bits, plain SHA-256, `salt` null) still match until
 * they are spent or the second factor is enrolled again.
 */
export function recoveryCodeHash(code: string, salt: string | null): string {
  const normal = code.trim().toLowerCase();
  return salt ? createHmac('sha256', salt).update(normal).digest('hex') : createHash('sha256').update(normal).digest('hex');
}

const stepOf = (at: Date) => Math.floor(at.getTime() / 1000 / STEP_SECONDS);

function hotp(key: Buffer, counter: number, digits: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

function toBase32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += RFC4648[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += RFC4648[(value << (5 - bits)) & 31];
  return out;
}

function fromBase32(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = RFC4648.indexOf(char);
    if (index < 0) throw new Error('The TOTP secret is not base32.');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}
