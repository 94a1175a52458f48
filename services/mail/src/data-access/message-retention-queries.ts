import type { Collection } from '@mailplane/store';
import { FINAL_STATUSES as FINAL, type AttachedFile, type MessageRecord } from './message-record';

/**
 * Retention's queries. They cross tenants (a purge walks the whole collection by age) and are called only
 * from `domain/retention/`.
 */
export function retentionQueries(messages: Collection<MessageRecord>) {
  return {
    async initRetention() {
      // bodiesDue: unpurged final messages by body expiry, and records from before bodies had one by age
      await messages.createIndex({ bodyPurgedAt: 1, status: 1, bodyExpiresAt: 1, createdAt: 1 });
      // recordsDue: final messages by age
      await messages.createIndex({ status: 1, createdAt: 1 });
    },

    /**
     * Final messages whose body may go: past their `bodyExpiresAt`, or, for records written before bodies had
     * an expiry (body inline), accepted before `inlineBefore`. One query per case, each a range of the index: as
     * one `$or` PostgreSQL read the whole table on every round even when nothing was due.
     */
    async bodiesDue(now: Date, inlineBefore: Date, limit: number): Promise<MessageRecord[]> {
      const expired = await messages.find({ bodyPurgedAt: null, status: { $in: FINAL }, bodyExpiresAt: { $lte: now } }, { limit });
      if (expired.length >= limit) return expired;
      const inline = await messages.find(
        { bodyPurgedAt: null, status: { $in: FINAL }, bodyExpiresAt: null, createdAt: { $lt: inlineBefore } },
        { limit: limit - expired.length },
      );
      return [...expired, ...inline];
    },

    /** Marks the body gone (after its blob was deleted) and drops an inline one; the attachments' names stay listed. */
    async bodyPurged(id: string, at: Date, attachedFiles: AttachedFile[]): Promise<void> {
      await messages.updateOne(
        { _id: id, status: { $in: FINAL } },
        { $set: { bodyPurgedAt: at, attachedFiles }, $unset: { text: '', html: '', attachments: '' } },
      );
    },

    /** Final messages accepted before `before`, whose whole record may go. */
    recordsDue: (before: Date, limit: number) => messages.find({ status: { $in: FINAL }, createdAt: { $lt: before } }, { limit }),

    deleteFinal: (id: string) => messages.deleteOne({ _id: id, status: { $in: FINAL } }),

    /** Which of these ids name a stored message (any tenant): the orphan sweep keeps their bodies. */
    async storedIds(ids: string[]): Promise<Set<string>> {
      const found = await messages.find({ _id: { $in: ids } });
      return new Set(found.map((m) => m._id));
    },
  };
}
