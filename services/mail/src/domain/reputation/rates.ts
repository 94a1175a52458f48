import type { ReputationConfig } from '../../config';
import type { ReputationCounts, SendingStatus } from '../../data-access/reputation-repo';

export interface Rates extends ReputationCounts {
  bounceRate: number;
  complaintRate: number;
}

const ratio = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : 0);

export function ratesOf(counts: ReputationCounts): Rates {
  return { ...counts, bounceRate: ratio(counts.bounced, counts.attempted), complaintRate: ratio(counts.complained, counts.sent) };
}

export const thresholdsOf = (c: ReputationConfig) => ({
  bounceReview: c.bounceReview,
  bouncePause: c.bouncePause,
  complaintReview: c.complaintReview,
  complaintPause: c.complaintPause,
  minVolume: c.minVolume,
});

const percent = (rate: number) => `${(rate * 100).toFixed(2).replace(/\.?0+$/, '')} %`;

/** Null below the minimum volume, and while paused: only an operator's resume lifts a pause. */
export function statusFor(
  current: SendingStatus,
  rates: Rates,
  c: ReputationConfig,
): { status: SendingStatus; reason: string | null } | null {
  if (current === 'paused' || rates.attempted < c.minVolume) return null;
  const over = (rate: number, limit: number, name: string) => (rate >= limit ? `${name} ${percent(rate)} reached ${percent(limit)}` : null);
  const pause = over(rates.bounceRate, c.bouncePause, 'bounce rate') ?? over(rates.complaintRate, c.complaintPause, 'complaint rate');
  if (pause) return { status: 'paused', reason: pause };
  const review = over(rates.bounceRate, c.bounceReview, 'bounce rate') ?? over(rates.complaintRate, c.complaintReview, 'complaint rate');
  if (review) return { status: 'under_review', reason: review };
  return { status: 'healthy', reason: null };
}
