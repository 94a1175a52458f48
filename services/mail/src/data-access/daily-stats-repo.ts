import type { Store } from '@mailplane/store';

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

/** How long increments wait in memory to be written together: one upsert per tenant and day instead of one per event. */
const FLUSH_AFTER_MS = 200;

/**
 * One document per tenant and UTC day, its counts incremented in place. Increments are gathered for
 * FLUSH_AFTER_MS and written as one upsert per day; a read writes them first, so this process reads its own
 * counts. A crash loses what was gathered (the contract allows a count to be lost); `onLost` hears of a write
 * that failed.
 */
export function dailyStatsRepo(store: Store, onLost: (err: unknown) => void = () => undefined) {
  const days = store.collection<DayRecord>('daily_stats');
  let pending = new Map<string, Omit<DayRecord, '_id'> & { counts: Counts }>();
  let timer: NodeJS.Timeout | null = null;

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = pending;
    pending = new Map();
    await Promise.all(
      [...batch].map(([_id, { tenantId, day, expiresAt, counts }]) =>
        days.updateOne({ _id }, { $inc: counts, $setOnInsert: { _id, tenantId, day, expiresAt } }, { upsert: true }),
      ),
    );
  }

  return {
    async init() {
      await days.createIndex({ tenantId: 1, day: 1 });
      await days.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    },
    add(tenantId: string, day: string, count: DayCount, expiresAt: Date): void {
      const _id = `${tenantId}:${day}`;
      const entry = pending.get(_id) ?? { tenantId, day, expiresAt, counts: {} };
      entry.counts[count] = (entry.counts[count] ?? 0) + 1;
      pending.set(_id, entry);
      timer ??= setTimeout(() => flush().catch(onLost), FLUSH_AFTER_MS).unref();
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
