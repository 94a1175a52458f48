import type { Store } from '@mailplane/store';

interface Counter {
  /** `<name>:<tenantId>:<period>`. */
  _id: string;
  count: number;
  expiresAt: Date;
}

/**
 * One of a tenant's counters: `test` (test emails) per day and `test-rate` per window of their own, `inbound`
 * (received messages) per month; `quota` per month as versions before the send limits' document kept it (read
 * when that document is made); or `inbound-client` and `inbound-client-bytes`, one client address's transactions and
 * bytes on the inbound listener per window (their owner is the address, not a tenant).
 */
export interface CounterKey {
  name: 'quota' | 'test' | 'test-rate' | 'inbound' | 'inbound-client' | 'inbound-client-bytes';
  period: string;
}

const idOf = (tenantId: string, key: CounterKey) => `${key.name}:${tenantId}:${key.period}`;

/**
 * Atomic counters with a ceiling (test-email windows and days, inbound counts). Each counter is one document,
 * incremented only while below its limit, so concurrent callers can never overshoot.
 */
export function countersRepo(store: Store) {
  const counters = store.collection<Counter>('counters');
  return {
    async init() {
      // windows and months vanish once over
      await counters.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    },
    /**
     * Adds `n` if that keeps the counter at or below `limit`; returns the new count, or null when it would not.
     * Answers before the increment is durable: the message it admits is written after it, whose commit carries it
     * (a crash before that loses an increment no accepted message stands on).
     */
    async take(tenantId: string, key: CounterKey, limit: number, expiresAt: Date, n = 1): Promise<number | null> {
      const id = idOf(tenantId, key);
      const increment = () =>
        counters.findOneAndUpdate({ _id: id, count: { $lte: limit - n } }, { $inc: { count: n } }, { durability: 'with-next-write' });
      // One write on the hot path; the counter is created only the first time it is missed.
      let after = await increment();
      if (!after) {
        await counters.updateOne({ _id: id }, { $setOnInsert: { _id: id, count: 0, expiresAt } }, { upsert: true });
        after = await increment();
      }
      return after ? after.count : null;
    },
    async giveBack(tenantId: string, key: CounterKey, n = 1) {
      await counters.updateOne({ _id: idOf(tenantId, key), count: { $gte: n } }, { $inc: { count: -n } });
    },
    async read(tenantId: string, key: CounterKey): Promise<number> {
      return (await counters.findOne({ _id: idOf(tenantId, key) }))?.count ?? 0;
    },
  };
}
export type CountersRepo = ReturnType<typeof countersRepo>;
