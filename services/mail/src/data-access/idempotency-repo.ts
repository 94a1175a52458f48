import { createHash } from 'node:crypto';
import { DuplicateKeyError, type Store } from '@mailplane/store';

interface IdempotencyRecord {
  /** SHA-256 of tenant and key: the key itself is the client's and is not kept. */
  _id: string;
  fingerprint: string;
  state: 'in_flight' | 'done';
  /** Only accepted sends (202) are kept, so the body is the outcome. */
  reply: { status: 202; body: unknown } | null;
  messageId?: string;
  holder?: string;
  leaseUntil?: Date;
  createdAt: Date;
}

export interface KeyClaim {
  fingerprint: string;
  messageId: string;
  holder: string;
  leaseUntil: Date;
}

export type HeldKey =
  { fingerprint: string; done: false; messageId: string | null; leaseUntil: Date } | { fingerprint: string; done: true; outcome: unknown };

// Records from before leases carried none: their request is long gone once a minute has passed.
const OLD_RECORD_LEASE_MS = 60_000;

const idOf = (tenantId: string, key: string) => createHash('sha256').update(`${tenantId}\n${key}`).digest('hex');

function held(record: IdempotencyRecord): HeldKey {
  if (record.state === 'done' && record.reply) return { fingerprint: record.fingerprint, done: true, outcome: record.reply.body };
  const leaseUntil = record.leaseUntil ?? new Date(record.createdAt.getTime() + OLD_RECORD_LEASE_MS);
  return { fingerprint: record.fingerprint, done: false, messageId: record.messageId ?? null, leaseUntil };
}

export function idempotencyRepo(store: Store) {
  const records = store.collection<IdempotencyRecord>('idempotency');
  return {
    async init(ttlSeconds: number) {
      await records.createIndex({ createdAt: 1 }, { expireAfterSeconds: ttlSeconds });
    },
    async claim(tenantId: string, key: string, claim: KeyClaim, at: Date): Promise<HeldKey | null> {
      const _id = idOf(tenantId, key);
      try {
        await records.insertOne({ _id, state: 'in_flight', reply: null, createdAt: at, ...claim });
        return null;
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
      }
      const record = await records.findOne({ _id });
      // Expired between the insert and the read: nobody holds it any more, the caller may claim again.
      return record ? held(record) : { fingerprint: claim.fingerprint, done: false, messageId: null, leaseUntil: at };
    },
    /** Keeps the reserved message id, so what the first request stored is found, never stored twice; false when another retry won. */
    async takeOver(tenantId: string, key: string, next: Omit<KeyClaim, 'fingerprint'>, at: Date): Promise<boolean> {
      const _id = idOf(tenantId, key);
      const expired = { _id, state: 'in_flight', leaseUntil: { $lt: at } };
      const legacyExpired = {
        _id,
        state: 'in_flight',
        leaseUntil: { $exists: false },
        createdAt: { $lt: new Date(at.getTime() - OLD_RECORD_LEASE_MS) },
      };
      const { matched } = await records.updateOne({ $or: [expired, legacyExpired] }, { $set: next });
      return matched === 1;
    },
    async complete(tenantId: string, key: string, outcome: unknown) {
      await records.updateOne({ _id: idOf(tenantId, key) }, { $set: { state: 'done', reply: { status: 202, body: outcome } } });
    },
    release: (tenantId: string, key: string, holder: string) => records.deleteOne({ _id: idOf(tenantId, key), state: 'in_flight', holder }),
  };
}
export type IdempotencyRepo = ReturnType<typeof idempotencyRepo>;
