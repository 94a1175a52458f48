import type { Store } from '@mailplane/store';

interface Counter {
  _id: string;
  count: number;
  expiresAt: Date;
}

/** `quota` is read only when the send limits' document is made; `inbound-client*` belong to a client address, not a tenant. */
export interface CounterKey {
  name: 'quota' | 'test' | 'test-rate' | 'inbound' | 'inbound-client' | 'inbound-client-bytes';
  period: string;
}

const idOf = (tenantId: string, key: CounterKey) => `${key.name}:${tenantId}:${key.period}`;

export function countersRepo(store: Store) {
  const counters = store.collection<Counter>('counters');
  return {
    async init() {
      await counters.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    },
    /** The new count, or null past `limit`. Answers before the increment is durable: the message it admits carries it. */
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
