import type { Collection, Filter, Sort } from '@mailplane/store';
import { FINAL_STATUSES as FINAL, type AttachedFile, type MessageRecord } from './message-record';

/**
 * Retention's queries. They cross tenants (a purge walks the whole collection by age) and are called only
 * from `domain/retention/`.
 */
export function retentionQueries(messages: Collection<MessageRecord>) {
  return {
    async initRetention() {
      // bodiesDue: unpurged final messages by body expiry, and records from before bodies had one by age; only
      // those, so that the writes of a message being delivered add no entry
      const unpurged = { bodyPurgedAt: null, status: { $in: FINAL } };
      await messages.createIndex({ bodyPurgedAt: 1, status: 1, bodyExpiresAt: 1, createdAt: 1 }, { partial: unpurged });
      // recordsDue: final messages by age
      await messages.createIndex({ status: 1, createdAt: 1 }, { partial: { status: { $in: FINAL } } });
    },

    /**
     * Final messages whose body may go: past their `bodyExpiresAt`, or, for records written before bodies had
     * an expiry (body inline), accepted before `inlineBefore`. One query per case and final status, each a range
     * of the index read in its order: PostgreSQL cannot know that unpurged bodies are the unexpired ones, so for
     * an `$in` of statuses, or without the order, it expected a match every few rows and read the whole table
     * (2 s at a million) to find none.
     */
    async bodiesDue(now: Date, inlineBefore: Date, limit: number): Promise<MessageRecord[]> {
      const due: MessageRecord[] = [];
      const cases: Array<{ filter: Filter; sort: Sort }> = [
        { filter: { bodyExpiresAt: { $lte: now } }, sort: { bodyExpiresAt: 1 } },
        { filter: { bodyExpiresAt: null, createdAt: { $lt: inlineBefore } }, sort: { createdAt: 1 } },
      ];
      for (const { filter, sort } of cases) {
        for (const status of FINAL) {
          if (due.length >= limit) return due;
          due.push(...(await messages.find({ bodyPurgedAt: null, status, ...filter }, { sort, limit: limit - due.length })));
        }
      }
      return due;
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
