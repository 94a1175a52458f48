import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lowercase

function encodeTime(ms: number, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    out = ALPHABET[ms % 32] + out;
    ms = Math.floor(ms / 32);
  }
  return out;
}

function encodeRandom(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % 32];
  return out;
}

/** Prefixed, time-sortable id: `msg_01j9…`. Sorting ids sorts by creation time (ms). */
export function newId(prefix: string, now: number = Date.now()): string {
  return `${prefix}_${encodeTime(now, 10)}${encodeRandom(16)}`;
}
