import { sameSecret } from '@mailplane/secrets';
import { createHmac } from 'node:crypto';

export interface UnsubscribeClaim {
  tenantId: string;
  email: string;
  messageId: string;
  expiresAt: number;
}

export type TokenCheck = { ok: true; claim: UnsubscribeClaim } | { ok: false; reason: 'invalid' | 'expired' };

const VERSION = 'u1';
const ID = /^[a-z]{3}_[0-9a-z]{26}$/;

/** `u1.<tenantId>.<messageId>.<expiresAt>.<base64url(email)>.<mac>`: tenant, recipient, message and expiry all signed. */
export function createTokenSigner(secret: string) {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  return {
    sign(claim: UnsubscribeClaim): string {
      const payload = [
        VERSION,
        claim.tenantId,
        claim.messageId,
        String(claim.expiresAt),
        Buffer.from(claim.email).toString('base64url'),
      ].join('.');
      return `${payload}.${mac(payload)}`;
    },
    /** Checks the signature before anything else; only a genuine token can be reported as expired. */
    verify(token: string, now: Date): TokenCheck {
      const parts = token.split('.');
      if (parts.length !== 6 || parts[0] !== VERSION) return { ok: false, reason: 'invalid' };
      const payload = parts.slice(0, 5).join('.');
      const given = Buffer.from(parts[5], 'base64url');
      const expected = Buffer.from(mac(payload), 'base64url');
      if (!sameSecret(given, expected)) return { ok: false, reason: 'invalid' };
      const [, tenantId, messageId, expiry, email] = parts;
      const expiresAt = Number(expiry);
      if (!ID.test(tenantId) || !ID.test(messageId) || !Number.isInteger(expiresAt)) return { ok: false, reason: 'invalid' };
      if (now.getTime() / 1000 > expiresAt) return { ok: false, reason: 'expired' };
      return { ok: true, claim: { tenantId, messageId, expiresAt, email: Buffer.from(email, 'base64url').toString('utf8') } };
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
