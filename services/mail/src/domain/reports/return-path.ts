import { sameSecret } from '@mailplane/secrets';
import { createHmac } from 'node:crypto';

const LOCAL_PART = /^bounces\+(msg_[0-9a-z]{26})-([0-9a-z]{1,2})-([0-9a-z]{1,4})-([0-9a-f]{16})$/;
const DAY_MS = 24 * 3600 * 1000;
const dayOf = (at: Date) => Math.floor(at.getTime() / DAY_MS);

export interface ReturnPathOwner {
  messageId: string;
  recipient: number;
  /** The identity's own return path domain it was on; absent: the operator's bounce domain. */
  returnPathDomain?: string;
}

/**
 * VERP, one per recipient: `bounces+<message id>-<recipient place>-<last day>-<tag>@<domain>`, base 36, the tag an HMAC of all
 * three, so nobody can make up a path or move its day. Lowercase (some MTAs lowercase the local part), at most 63 characters
 * before the `@`. On an identity's own domain the tag covers the domain too: a path is no path on another tenant's domain.
 */
export function returnPaths(secret: string, domain: string, ttlDays: number) {
  const key = createHmac('sha256', secret).update('mailplane return path v2').digest();
  const tagOf = (local: string, on: string) =>
    createHmac('sha256', key)
      .update(on === domain ? local : `${local}@${on}`)
      .digest('hex')
      .slice(0, 16);
  return {
    domain,
    of(messageId: string, recipient: number, now: Date, on = domain): string {
      const local = `bounces+${messageId}-${recipient.toString(36)}-${(dayOf(now) + ttlDays).toString(36)}`;
      return `${local}-${tagOf(local, on)}@${on}`;
    },
    /** Null when not ours. Whether a `returnPathDomain` is some identity's verified one is the caller's to check. */
    read(address: string, now: Date): ReturnPathOwner | 'expired' | null {
      const at = address.lastIndexOf('@');
      if (at < 0) return null;
      const on = address.slice(at + 1).toLowerCase();
      const match = LOCAL_PART.exec(address.slice(0, at).toLowerCase());
      if (!match) return null;
      const [, messageId, recipient, lastDay, tag] = match;
      if (!sameSecret(tag, tagOf(`bounces+${messageId}-${recipient}-${lastDay}`, on))) return null;
      if (parseInt(lastDay, 36) < dayOf(now)) return 'expired';
      return { messageId, recipient: parseInt(recipient, 36), ...(on === domain ? {} : { returnPathDomain: on }) };
    },
  };
}
export type ReturnPaths = ReturnType<typeof returnPaths>;
