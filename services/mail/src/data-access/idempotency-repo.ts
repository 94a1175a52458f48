import type { Store } from '@mailplane/store';
import { DuplicateKeyError } from '@mailplane/store';

export interface IdempotencyRecord {
  _id: string;
  fingerprint: string;
  state: 'in_flight' | 'done';
  reply: { status: number; body: unknown } | null;
  createdAt: Date;
}

export function idempotencyRepo(store: Store) {
  const records = store.collection<IdempotencyRecord>('idempotency');
  return {
    async init(ttlSeconds: number) {
      // keys are kept for the published retention, then forgotten
      await records.createIndex({ createdAt: 1 }, { expireAfterSeconds: ttlSeconds });
    },
    /** Claims the key; returns the existing record when someone already holds it. */
    async claim(record: IdempotencyRecord): Promise<IdempotencyRecord | null> {
      try {
        await records.insertOne(record);
        return null;
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
        return records.findOne({ _id: record._id });
      }
    },
    async complete(id: string, reply: IdempotencyRecord['reply']) {
      await records.updateOne({ _id: id }, { $set: { state: 'done', reply } });
    },
    release: (id: string) => records.deleteOne({ _id: id, state: 'in_flight' }),
  };
}
export type IdempotencyRepo = ReturnType<typeof idempotencyRepo>;
