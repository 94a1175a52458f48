import type { Store } from '@mailplane/store';
import { dayIncrements } from './day-increments';

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
  _id: string;
  tenantId: string;
  day: string;
  expiresAt: Date;
}

/** Increments are gathered and written as one upsert per day; a crash loses them (the contract allows it); a read flushes first. */
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
    flush,
    async between(tenantId: string, first: string, last: string): Promise<Map<string, Counts>> {
      await flush().catch(onLost);
      const found = await days.find({ tenantId, day: { $gte: first, $lte: last } }, { sort: { day: 1 } });
      return new Map(found.map((d) => [d.day, d]));
    },
  };
}
export type DailyStatsRepo = ReturnType<typeof dailyStatsRepo>;
