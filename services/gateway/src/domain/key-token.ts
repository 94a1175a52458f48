import { sameSecret } from '@mailplane/runtime';
import { createHash, randomBytes } from 'node:crypto';

// mp_<26-char id suffix>_<43-char base64url secret>; the id part is public, the secret is stored only as a hash.
const TOKEN = /^mp_([0-9a-z]{26})_([A-Za-z0-9_-]{43})$/;

export interface IssuedToken {
  keyId: string;
  token: string;
  secretHash: string;
  prefix: string;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function issueToken(keyId: string): IssuedToken {
  const suffix = keyId.slice('key_'.length);
  const token = `mp_${suffix}_${randomBytes(32).toString('base64url')}`;
  return { keyId, token, secretHash: hashSecret(token.slice(-43)), prefix: token.slice(0, 12) };
}

export function parseToken(token: string): { keyId: string; secret: string } | null {
  const m = TOKEN.exec(token);
  return m ? { keyId: `key_${m[1]}`, secret: m[2] } : null;
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return sameSecret(a, b);
}
