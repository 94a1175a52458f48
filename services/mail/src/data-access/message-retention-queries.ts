import type { Collection, Filter, Sort } from '@mailplane/store';
import { FINAL_STATUSES as FINAL, type AttachedFile, type MessageRecord } from './message-record';

/** Across tenants (a purge walks the collection by age); called only from `domain/retention/`. */
export function retentionQueries(messages: Collection<MessageRecord>) {
  return {
    async initRetention() {
      // Final and unpurged only, so the writes of a message being delivered add no entry.
      const unpurged = { bodyPurgedAt: null, status: { $in: FINAL } };
      await messages.createIndex({ bodyPurgedAt: 1, status: 1, bodyExpiresAt: 1, createdAt: 1 }, { partial: unpurged });
      await messages.createIndex({ status: 1, createdAt: 1 }, { partial: { status: { $in: FINAL } } });
    },

    /**
     * Past `bodyExpiresAt`, or inline bodies accepted before `inlineBefore`. One index range per case and status, read in
     * order: for an `$in` of statuses, or unordered, PostgreSQL read the whole table (2 s at a million) to find none.
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

    async bodyPurged(id: string, at: Date, attachedFiles: AttachedFile[]): Promise<void> {
      await messages.updateOne(
        { _id: id, status: { $in: FINAL } },
        { $set: { bodyPurgedAt: at, attachedFiles }, $unset: { text: '', html: '', attachments: '' } },
      );
    },

    recordsDue: (before: Date, limit: number) => messages.find({ status: { $in: FINAL }, createdAt: { $lt: before } }, { limit }),

    deleteFinal: (id: string) => messages.deleteOne({ _id: id, status: { $in: FINAL } }),

    async storedIds(ids: string[]): Promise<Set<string>> {
      const found = await messages.find({ _id: { $in: ids } });
      return new Set(found.map((m) => m._id));
    },
  };
}
