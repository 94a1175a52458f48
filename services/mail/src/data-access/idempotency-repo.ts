import { createHash } from 'node:crypto';
import { DuplicateKeyError, type Store } from '@mailplane/store';

interface IdempotencyRecord {
  /** SHA-256 of tenant and key: the key itself is the client's and is not kept. */
  _id: string;
  fingerprint: string;
  state: 'in_flight' | 'done';
  /** The first release stored the HTTP answer; only accepted sends (202) are kept, so the body is the outcome. */
  reply: { status: 202; body: unknown } | null;
  createdAt: Date;
}

/** A key someone already holds: its request's fingerprint and, once done, the outcome to replay. */
export type HeldKey = { fingerprint: string; done: false } | { fingerprint: string; done: true; outcome: unknown };

const idOf = (tenantId: string, key: string) => createHash('sha256').update(`${tenantId}\n${key}`).digest('hex');

export function idempotencyRepo(store: Store) {
  const records = store.collection<IdempotencyRecord>('idempotency');
  return {
    async init(ttlSeconds: number) {
      // keys are kept for the published retention, then forgotten
      await records.createIndex({ createdAt: 1 }, { expireAfterSeconds: ttlSeconds });
    },
    /** Claims the tenant's key for a request; returns who holds it when someone already does. */
    async claim(tenantId: string, key: string, fingerprint: string, at: Date): Promise<HeldKey | null> {
      const _id = idOf(tenantId, key);
      try {
        await records.insertOne({ _id, fingerprint, state: 'in_flight', reply: null, createdAt: at });
        return null;
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
      }
      const held = await records.findOne({ _id });
      if (!held) return null;
      return held.state === 'done' && held.reply
        ? { fingerprint: held.fingerprint, done: true, outcome: held.reply.body }
        : { fingerprint: held.fingerprint, done: false };
    },
    async complete(tenantId: string, key: string, outcome: unknown) {
      await records.updateOne({ _id: idOf(tenantId, key) }, { $set: { state: 'done', reply: { status: 202, body: outcome } } });
    },
    release: (tenantId: string, key: string) => records.deleteOne({ _id: idOf(tenantId, key), state: 'in_flight' }),
  };
}
export type IdempotencyRepo = ReturnType<typeof idempotencyRepo>;
