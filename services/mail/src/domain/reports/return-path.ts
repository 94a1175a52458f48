import { sameSecret } from '@mailplane/runtime';
import { createHmac } from 'node:crypto';

const LOCAL_PART = /^bounces\+(msg_[0-9a-z]{26})-([0-9a-z]{1,2})-([0-9a-z]{1,4})-([0-9a-f]{16})$/;
const DAY_MS = 24 * 3600 * 1000;
const dayOf = (at: Date) => Math.floor(at.getTime() / DAY_MS);

/** What a return path names: a message and the place of one of its recipients. */
export interface ReturnPathOwner {
  messageId: string;
  recipient: number;
}

/**
 * VERP return paths, one per recipient of a message: `bounces+<message id>-<recipient>-<last day>-<tag>@<bounce domain>`,
 * the recipient's place in the message and the last day a report on it is taken (days since 1970), both base 36,
 * and a tag that is an HMAC of all three. So a report names the message and the one recipient it is about, nobody can
 * make up an address or move its day, and the one a recipient sees (the Return-Path of their copy) speaks for them
 * alone, and not for ever. Lowercase only (some MTAs lowercase the local part); at most 63 characters before the `@`.
 */
export function returnPaths(secret: string, domain: string, ttlDays: number) {
  const key = createHmac('sha256', secret).update('mailplane return path v2').digest();
  const tagOf = (local: string) => createHmac('sha256', key).update(local).digest('hex').slice(0, 16);
  return {
    domain,
    /** The return path of the recipient at `recipient` in the message, for an attempt made at `now`. */
    of(messageId: string, recipient: number, now: Date): string {
      const local = `bounces+${messageId}-${recipient.toString(36)}-${(dayOf(now) + ttlDays).toString(36)}`;
      return `${local}-${tagOf(local)}@${domain}`;
    },
    /** Who a return path speaks for; `expired` after its last day; null when it is not one of ours (domain, shape, tag). */
    read(address: string, now: Date): ReturnPathOwner | 'expired' | null {
      const at = address.lastIndexOf('@');
      if (at < 0 || address.slice(at + 1).toLowerCase() !== domain) return null;
      const match = LOCAL_PART.exec(address.slice(0, at).toLowerCase());
      if (!match) return null;
      const [, messageId, recipient, lastDay, tag] = match;
      if (!sameSecret(tag, tagOf(`bounces+${messageId}-${recipient}-${lastDay}`))) return null;
      if (parseInt(lastDay, 36) < dayOf(now)) return 'expired';
      return { messageId, recipient: parseInt(recipient, 36) };
    },
  };
}
export type ReturnPaths = ReturnType<typeof returnPaths>;
