import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export const newSecret = (): string => PREFIX + randomBytes(32).toString('base64');

/**
 * `webhook-signature` per Standard Webhooks v1: `v1,<base64 HMAC-SHA256>` over `<id>.<timestamp>.<body>`,
 * keyed with the decoded secret; one entry per secret, space-separated, during a rotation.
 */
export function signatureHeader(secrets: string[], id: string, timestamp: number, body: string): string {
  const content = `${id}.${timestamp}.${body}`;
  return secrets
    .map(
      (secret) =>
        `v1,${createHmac('sha256', Buffer.from(secret.slice(PREFIX.length), 'base64'))
          .update(content)
          .digest('base64')}`,
    )
    .join(' ');
}
