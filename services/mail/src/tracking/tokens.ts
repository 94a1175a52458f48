import { sameSecret } from '@mailplane/runtime';
import { createHmac } from 'node:crypto';

/** Whom a tracked link or open image belongs to, and for a link the URL it may send to. */
export interface TrackingClaim {
  tenantId: string;
  messageId: string;
  /** A click's destination; absent for an open. */
  url?: string;
}

const ID = /^[a-z]{3}_[0-9a-z]{26}$/;
// 128 bits of HMAC-SHA256: unforgeable, and a shorter link.
const MAC_BYTES = 16;

/**
 * The key a message's links are signed with, derived from the tracking secret: the rendering thread gets this
 * key, which signs only for that message, never the secret itself.
 */
export function messageKey(secret: string, tenantId: string, messageId: string): string {
  return createHmac('sha256', secret).update(`mailplane-tracking\n${tenantId}\n${messageId}`).digest('base64url');
}

const mac = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);

/** `c1.<tenant>.<message>.<base64url(url)>.<mac>`: a click, its URL inside the signed part. */
export const clickToken = (key: string, claim: { tenantId: string; messageId: string }, url: string) => {
  const payload = `c1.${claim.tenantId}.${claim.messageId}.${Buffer.from(url).toString('base64url')}`;
  return `${payload}.${mac(key, payload).toString('base64url')}`;
};

/** `o1.<tenant>.<message>.<mac>`: the open image. */
export const openToken = (key: string, claim: { tenantId: string; messageId: string }) => {
  const payload = `o1.${claim.tenantId}.${claim.messageId}`;
  return `${payload}.${mac(key, payload).toString('base64url')}`;
};

/** The claim of a genuine token of this kind, or null: a changed, foreign or malformed token claims nothing. */
export function verifyToken(secret: string, kind: 'click' | 'open', token: string): TrackingClaim | null {
  const parts = token.split('.');
  const [version, tenantId, messageId] = parts;
  if (parts.length !== (kind === 'click' ? 5 : 4) || version !== (kind === 'click' ? 'c1' : 'o1')) return null;
  if (!ID.test(tenantId) || !ID.test(messageId)) return null;
  const given = Buffer.from(parts[parts.length - 1], 'base64url');
  const expected = mac(messageKey(secret, tenantId, messageId), parts.slice(0, -1).join('.'));
  if (!sameSecret(given, expected)) return null;
  if (kind === 'open') return { tenantId, messageId };
  const url = Buffer.from(parts[3], 'base64url').toString('utf8');
  return URL.canParse(url) ? { tenantId, messageId, url } : null;
}
