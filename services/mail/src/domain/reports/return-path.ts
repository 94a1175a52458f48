import { sameSecret } from '@mailplane/secrets';
import { createHmac } from 'node:crypto';

const LOCAL_PART = /^bounces\+(msg_[0-9a-z]{26})-([0-9a-z]{1,2})-([0-9a-z]{1,4})-([0-9a-f]{16})$/;
const DAY_MS = 24 * 3600 * 1000;
const dayOf = (at: Date) => Math.floor(at.getTime() / DAY_MS);

/** What a return path names: a message and the place of one of its recipients, and the identity's domain it came to. */
export interface ReturnPathOwner {
  messageId: string;
  recipient: number;
  /** The identity's own return path domain it was on; absent: the operator's bounce domain. */
  returnPathDomain?: string;
}

/**
 * VERP return paths, one per recipient of a message: `bounces+<message id>-<recipient>-<last day>-<tag>@<bounce domain>`,
 * the recipient's place in the message and the last day a report on it is taken (days since 1970), both base 36,
 * and a tag that is an HMAC of all three. So a report names the message and the one recipient it is about, nobody can
 * make up an address or move its day, and the one a recipient sees (the Return-Path of their copy) speaks for them
 * alone, and not for ever. Lowercase only (some MTAs lowercase the local part); at most 63 characters before the `@`.
 * On an identity's own return path domain the tag also covers the domain, so a path handed out on one domain is no
 * path on any other (another tenant's included); on the operator's `domain` it covers the local part alone, as ever.
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
    /** The return path of the recipient at `recipient` in the message, for an attempt made at `now`, on `on`. */
    of(messageId: string, recipient: number, now: Date, on = domain): string {
      const local = `bounces+${messageId}-${recipient.toString(36)}-${(dayOf(now) + ttlDays).toString(36)}`;
      return `${local}-${tagOf(local, on)}@${on}`;
    },
    /**
     * Who a return path speaks for; `expired` after its last day; null when it is not one of ours (shape, tag). One
     * on another domain than the operator's names it as `returnPathDomain`: whether that domain is some identity's
     * verified return path domain is the caller's to check.
     */
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
