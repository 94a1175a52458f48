import { sameSecret } from '@mailplane/secrets';
import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';

export interface TrackingClaim {
  tenantId: string;
  messageId: string;
  url?: string;
}

export interface LinkBinding {
  ref: string;
  /** Host name of the tracked links' origin, lowercase, without a port. */
  host: string;
  expiresAt: number;
}

export type Verified = { state: 'live'; claim: TrackingClaim } | { state: 'expired' } | { state: 'legacy'; claim: TrackingClaim };

const ID = /^[a-z]{3}_[0-9a-z]{26}$/;
// 128 bits of HMAC-SHA256: unforgeable, and a shorter link.
const MAC_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Derived per message: the rendering thread holds a key that signs for that message alone, never the secret. */
export function messageKey(secret: string, tenantId: string, messageId: string): string {
  return createHmac('sha256', secret).update(`mailplane-tracking\n${tenantId}\n${messageId}`).digest('base64url');
}

const refKey = (secret: string) => createHmac('sha256', secret).update('mailplane-tracking-ref').digest();

/** The ids sealed (AES-256-GCM, IV derived from them): every attempt gets the same links; an IV repeats only for the same ids. */
export function messageRef(secret: string, tenantId: string, messageId: string): string {
  const plain = `${tenantId}.${messageId}`;
  const iv = createHmac('sha256', refKey(secret)).update(plain).digest().subarray(0, IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', refKey(secret), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

function openRef(secret: string, ref: string): { tenantId: string; messageId: string } | null {
  const bytes = Buffer.from(ref, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', refKey(secret), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString();
    const [tenantId, messageId] = plain.split('.');
    return ID.test(tenantId) && ID.test(messageId) ? { tenantId, messageId } : null;
  } catch {
    return null;
  }
}

const mac = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);
// The host is signed, not carried: a link presented on another host does not verify.
const signed = (key: string, payload: string, host: string) => `${payload}.${mac(key, `${payload}\n${host}`).toString('base64url')}`;

/** `c2.<ref>.<end>.<base64url(url)>.<mac>`: a click, its URL, end and host inside the signed part. */
export const clickToken = (key: string, binding: LinkBinding, url: string) =>
  signed(key, `c2.${binding.ref}.${binding.expiresAt.toString(36)}.${Buffer.from(url).toString('base64url')}`, binding.host);

export const openToken = (key: string, binding: LinkBinding) =>
  signed(key, `o2.${binding.ref}.${binding.expiresAt.toString(36)}`, binding.host);

/** A first-version token (`c1.…`, `o1.…`: bound to its message alone), honoured while its message's links live. */
function verifyLegacy(secret: string, kind: 'click' | 'open', parts: string[]): Verified | null {
  const [, tenantId, messageId] = parts;
  if (parts.length !== (kind === 'click' ? 5 : 4) || !ID.test(tenantId) || !ID.test(messageId)) return null;
  const given = Buffer.from(parts[parts.length - 1], 'base64url');
  if (!sameSecret(given, mac(messageKey(secret, tenantId, messageId), parts.slice(0, -1).join('.')))) return null;
  if (kind === 'open') return { state: 'legacy', claim: { tenantId, messageId } };
  const url = Buffer.from(parts[3], 'base64url').toString('utf8');
  return URL.canParse(url) ? { state: 'legacy', claim: { tenantId, messageId, url } } : null;
}

/** Null when changed, foreign, malformed, of another kind or on a host it was not issued for; `expired` only when genuine. */
export function verifyToken(secret: string, kind: 'click' | 'open', token: string, host: string, now: Date): Verified | null {
  const parts = token.split('.');
  if (parts[0] === (kind === 'click' ? 'c1' : 'o1')) return verifyLegacy(secret, kind, parts);
  if (parts.length !== (kind === 'click' ? 5 : 4) || parts[0] !== (kind === 'click' ? 'c2' : 'o2')) return null;
  const ids = openRef(secret, parts[1]);
  const expiresAt = Number.parseInt(parts[2], 36);
  if (!ids || !/^[0-9a-z]{1,10}$/.test(parts[2])) return null;
  const payload = parts.slice(0, -1).join('.');
  const expected = mac(messageKey(secret, ids.tenantId, ids.messageId), `${payload}\n${host.toLowerCase()}`);
  if (!sameSecret(Buffer.from(parts[parts.length - 1], 'base64url'), expected)) return null;
  if (expiresAt * 1000 <= now.getTime()) return { state: 'expired' };
  if (kind === 'open') return { state: 'live', claim: ids };
  const url = Buffer.from(parts[3], 'base64url').toString('utf8');
  return URL.canParse(url) ? { state: 'live', claim: { ...ids, url } } : null;
}
