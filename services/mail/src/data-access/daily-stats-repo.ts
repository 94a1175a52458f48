import type { Store } from '@mailplane/store';
import { dayIncrements } from './day-increments';

/** What a day's counts count; see the contract's DayStats. */
export const DAY_COUNTS = [
  'accepted',
  'sent',
  'deferred',
  'bounced',
  'failed',
  'complained',
  'suppressed',
  'suppressionsAdded',
  'opened',
  'clicked',
  'machineOpens',
] as const;
export type DayCount = (typeof DAY_COUNTS)[number];
type Counts = Partial<Record<DayCount, number>>;

interface DayRecord extends Counts {
  /** `<tenantId>:<YYYY-MM-DD>`. */
  _id: string;
  tenantId: string;
  day: string;
  expiresAt: Date;
}

/**
 * One document per tenant and UTC day, its counts incremented in place. Increments are gathered for a moment and
 * written as one upsert per day (dayIncrements); a read writes them first, so this process reads its own counts. A
 * crash loses what was gathered (the contract allows a count to be lost); `onLost` hears of a write that failed.
 */
export function dailyStatsRepo(store: Store, onLost: (err: unknown) => void = () => undefined) {
  const days = store.collection<DayRecord>('daily_stats');
  const { add, flush } = dayIncrements(days, onLost);

  return {
    async init() {
      await days.createIndex({ tenantId: 1, day: 1 });
      await days.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    },
    add(tenantId: string, day: string, count: DayCount, expiresAt: Date): void {
      add(`${tenantId}:${day}`, { tenantId, day, expiresAt }, { [count]: 1 });
    },
    /** Writes the increments gathered so far (before a read, and when the service stops). */
    flush,
    /** The days of [first, last] that have counts, by day. */
    async between(tenantId: string, first: string, last: string): Promise<Map<string, Counts>> {
      await flush().catch(onLost);
      const found = await days.find({ tenantId, day: { $gte: first, $lte: last } }, { sort: { day: 1 } });
      return new Map(found.map((d) => [d.day, d]));
    },
  };
}
export type DailyStatsRepo = ReturnType<typeof dailyStatsRepo>;
