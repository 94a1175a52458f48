import type { Store } from '@mailplane/store';

/** What a day's counts count; see the contract's DayStats. */
export const DAY_COUNTS = ['accepted', 'sent', 'deferred', 'bounced', 'failed', 'complained', 'suppressed', 'suppressionsAdded'] as const;
export type DayCount = (typeof DAY_COUNTS)[number];

interface DayRecord extends Partial<Record<DayCount, number>> {
  /** `<tenantId>:<YYYY-MM-DD>`. */
  _id: string;
  tenantId: string;
  day: string;
  expiresAt: Date;
}

/** One document per tenant and UTC day, its counts incremented in place. */
export function dailyStatsRepo(store: Store) {
  const days = store.collection<DayRecord>('daily_stats');
  return {
    async init() {
      await days.createIndex({ tenantId: 1, day: 1 });
      await days.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    },
    async add(tenantId: string, day: string, count: DayCount, expiresAt: Date): Promise<void> {
      const _id = `${tenantId}:${day}`;
      await days.updateOne({ _id }, { $inc: { [count]: 1 }, $setOnInsert: { _id, tenantId, day, expiresAt } }, { upsert: true });
    },
    /** The days of [first, last] that have counts, by day. */
    async between(tenantId: string, first: string, last: string): Promise<Map<string, Partial<Record<DayCount, number>>>> {
      const found = await days.find({ tenantId, day: { $gte: first, $lte: last } }, { sort: { day: 1 } });
      return new Map(found.map((d) => [d.day, d]));
    },
  };
}
export type DailyStatsRepo = ReturnType<typeof dailyStatsRepo>;
