import { sameSecret } from '@mailplane/secrets';
import { createHmac } from 'node:crypto';

/** The signature is an HMAC of id, index and expiry (a labelled key from UNSUBSCRIBE_SECRET): nobody can make one up or move its end. */
export function attachmentLinks(secret: string, publicUrl: string, ttlSeconds: number) {
  const key = createHmac('sha256', secret).update('mailplane inbound attachment v1').digest();
  const sign = (id: string, index: number, expires: number) =>
    createHmac('sha256', key).update(`${id}/${index}/${expires}`).digest('base64url');
  return {
    of(id: string, index: number, now: Date): { url: string; expiresAt: string } {
      const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
      return {
        url: `${publicUrl}/inbound/messages/${id}/attachments/${index}?expires=${expires}&signature=${sign(id, index, expires)}`,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },
    valid(id: string, index: number, expires: number, signature: string, now: Date): boolean {
      return sameSecret(signature, sign(id, index, expires)) && expires * 1000 >= now.getTime();
    },
  };
}
export type AttachmentLinks = ReturnType<typeof attachmentLinks>;
