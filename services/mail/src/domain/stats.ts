import { DAY_COUNTS, type DayCount } from '../data-access/daily-stats-repo';
import type { MailDeps } from './deps';

const DAY_MS = 24 * 3600 * 1000;
const KEPT_DAYS = 400;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** Never fails its caller: a lost count is a smaller harm than a send refused or an attempt recorded twice (the contract allows it). */
export function countEvent(deps: MailDeps, tenantId: string, count: DayCount, at: Date = deps.clock.now()): void {
  deps.dailyStats.add(tenantId, dayOf(at), count, new Date(at.getTime() + KEPT_DAYS * DAY_MS));
}

/** GET /stats: the last `days` UTC days, today included, oldest first, every day present. */
export async function dailyStats(deps: MailDeps, tenantId: string, days: number) {
  const today = deps.clock.now();
  const dates = Array.from({ length: days }, (_, i) => dayOf(new Date(today.getTime() - (days - 1 - i) * DAY_MS)));
  const stored = await deps.dailyStats.between(tenantId, dates[0], dates[dates.length - 1]);
  return {
    from: dates[0],
    to: dates[dates.length - 1],
    days: dates.map((date) => {
      const counts = stored.get(date) ?? {};
      return { date, ...(Object.fromEntries(DAY_COUNTS.map((c) => [c, counts[c] ?? 0])) as Record<DayCount, number>) };
    }),
  };
}
