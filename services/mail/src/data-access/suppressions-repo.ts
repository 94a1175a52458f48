import type { Envelope } from '@mailplane/contracts';
import { DuplicateKeyError, type Store } from '@mailplane/store';

export type SuppressionReason = 'unsubscribed' | 'manual' | 'bounced';

export interface SuppressionRecord {
  /** `<tenantId>:<lowercased address>`: one record per recipient per tenant. */
  _id: string;
  tenantId: string;
  email: string;
  reason: SuppressionReason;
  messageId: string | null;
  createdAt: Date;
  /** The `recipient.unsubscribed` event, kept until the broker confirmed it (transactional outbox). */
  pendingEvents: Envelope[];
  eventsPending: boolean;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const suppressionId = (tenantId: string, email: string) => `${tenantId}:${email.toLowerCase()}`;

export function suppressionsRepo(store: Store) {
  const suppressions = store.collection<SuppressionRecord>('suppressions');
  const filter = (tenantId: string, q?: string) => (q ? { tenantId, email: new RegExp(escapeRegex(q), 'i') } : { tenantId });
  return {
    async init() {
      // list: a tenant's suppressions, newest first
      await suppressions.createIndex({ tenantId: 1, createdAt: -1 });
      // sweeper: events written but not confirmed
      await suppressions.createIndex({ eventsPending: 1 });
    },
    /** Adds the record unless the recipient is already suppressed; returns the record that holds, and whether it is new. */
    async add(record: SuppressionRecord): Promise<{ record: SuppressionRecord; created: boolean }> {
      try {
        await suppressions.insertOne(record);
        return { record, created: true };
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
        return { record: (await suppressions.findOne({ _id: record._id })) as SuppressionRecord, created: false };
      }
    },
    find: (tenantId: string, email: string) => suppressions.findOne({ _id: suppressionId(tenantId, email) }),
    list: (tenantId: string, q: string | undefined, page: { limit: number; offset: number }) =>
      suppressions.find(filter(tenantId, q), { sort: { createdAt: -1, _id: -1 }, skip: page.offset, limit: page.limit }),
    count: (tenantId: string, q?: string) => suppressions.count(filter(tenantId, q)),
    remove: (tenantId: string, email: string) => suppressions.deleteOne({ _id: suppressionId(tenantId, email) }),
    unannounced: (before: Date, limit: number) => suppressions.find({ eventsPending: true, createdAt: { $lt: before } }, { limit }),
    async announced(id: string) {
      await suppressions.updateOne({ _id: id, eventsPending: true }, { $set: { pendingEvents: [], eventsPending: false } });
    },
  };
}
export type SuppressionsRepo = ReturnType<typeof suppressionsRepo>;
