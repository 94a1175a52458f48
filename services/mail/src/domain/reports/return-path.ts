import { createHmac, timingSafeEqual } from 'node:crypto';

const LOCAL_PART = /^bounces\+(msg_[0-9a-z]{26})-([0-9a-f]{16})$/;

/**
 * VERP return paths: `bounces+<message id>-<tag>@<bounce domain>`, the tag an HMAC of the id, so a report names
 * the message it is about and nobody can make up an address that touches another message. Lowercase only: some
 * MTAs lowercase the local part of the address they return mail to.
 */
export function returnPaths(secret: string, domain: string) {
  const key = createHmac('sha256', secret).update('mailplane return path v1').digest();
  const tagOf = (messageId: string) => createHmac('sha256', key).update(messageId).digest('hex').slice(0, 16);
  return {
    domain,
    of: (messageId: string) => `bounces+${messageId}-${tagOf(messageId)}@${domain}`,
    /** The message a return path names, or null when it is not one of ours (wrong domain, shape or tag). */
    messageIdOf(address: string): string | null {
      const at = address.lastIndexOf('@');
      if (at < 0 || address.slice(at + 1).toLowerCase() !== domain) return null;
      const match = LOCAL_PART.exec(address.slice(0, at).toLowerCase());
      if (!match) return null;
      const [, messageId, tag] = match;
      return timingSafeEqual(Buffer.from(tag), Buffer.from(tagOf(messageId))) ? messageId : null;
    },
  };
}
export type ReturnPaths = ReturnType<typeof returnPaths>;
