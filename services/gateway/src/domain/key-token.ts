import { sameSecret } from '@mailplane/secrets';
import { createHash, randomBytes } from 'node:crypto';

// <token prefix>_<26-char id suffix>_<43-char base64url secret>; the id part is public, the secret is stored only as a
// hash. API keys are `mp_` (ids `key_`), members' sessions `mps_` (ids `ses_`), mailed links below.
const tokenShape = (prefix: string) => new RegExp(`^${prefix}_([0-9a-z]{26})_([A-Za-z0-9_-]{43})$`);
const KEY = { token: 'mp', id: 'key', shape: tokenShape('mp') };
export const SESSION_TOKEN = { token: 'mps', id: 'ses', shape: tokenShape('mps') };
export const INVITATION_TOKEN = { token: 'mpi', id: 'inv', shape: tokenShape('mpi') };
export const RESET_TOKEN = { token: 'mpr', id: 'rst', shape: tokenShape('mpr') };
export const SIGN_IN_LINK_TOKEN = { token: 'mpl', id: 'lnk', shape: tokenShape('mpl') };
export type TokenKind = typeof KEY;

export interface IssuedToken {
  keyId: string;
  token: string;
  secretHash: string;
  prefix: string;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function issueToken(id: string, kind: TokenKind = KEY): IssuedToken {
  const suffix = id.slice(kind.id.length + 1);
  const token = `${kind.token}_${suffix}_${randomBytes(32).toString('base64url')}`;
  return { keyId: id, token, secretHash: hashSecret(token.slice(-43)), prefix: token.slice(0, 12) };
}

export function parseToken(token: string, kind: TokenKind = KEY): { keyId: string; secret: string } | null {
  const m = kind.shape.exec(token);
  return m ? { keyId: `${kind.id}_${m[1]}`, secret: m[2] } : null;
}

// Compared against when the id is unknown, so that unknown and wrong tokens take the same time.
export const DUMMY_HASH = hashSecret('not-a-key');

export function secretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return sameSecret(a, b);
}
