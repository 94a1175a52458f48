import { AppError } from '@mailplane/contracts';
import type { MailDeps } from './deps';

export interface RateState {
  headers: Record<string, string>;
}

// Counters are garbage-collected on real time, whatever the injected clock says.
const keepFor = (ms: number) => new Date(Date.now() + ms);

/**
 * Fixed-window rate limit per tenant, counted in the mail service's store so that it holds across
 * every gateway process. Headers follow draft-ietf-httpapi-ratelimit-headers.
 */
export async function takeRateLimit(deps: MailDeps, tenantId: string): Promise<RateState> {
  const { limit, windowSeconds } = deps.config.rateLimit;
  const nowMs = deps.clock.now().getTime();
  const windowMs = windowSeconds * 1000;
  const windowStart = Math.floor(nowMs / windowMs) * windowMs;
  const resetSeconds = Math.max(1, Math.ceil((windowStart + windowMs - nowMs) / 1000));
  const used = await deps.counters.take(`rate:${tenantId}:${windowStart}`, limit, keepFor(windowMs * 2));
  const policy = `"send";q=${limit};w=${windowSeconds}`;
  if (used === null) {
    throw new AppError('rate_limited', `At most ${limit} sends per ${windowSeconds} s.`, {
      headers: {
        'RateLimit-Policy': policy,
        RateLimit: `"send";r=0;t=${resetSeconds}`,
        'Retry-After': String(resetSeconds),
      },
    });
  }
  return { headers: { 'RateLimit-Policy': policy, RateLimit: `"send";r=${limit - used};t=${resetSeconds}` } };
}

export function monthOf(at: Date): { key: string; resetAt: Date } {
  const resetAt = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { key: `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`, resetAt };
}

export const quotaCounterId = (tenantId: string, monthKey: string) => `quota:${tenantId}:${monthKey}`;

/** Reserves one email of the calendar month (UTC); atomic, so N racing sends at quota−1 admit exactly one. */
export async function reserveQuota(deps: MailDeps, tenantId: string): Promise<() => Promise<void>> {
  const limit = await monthlyQuota(deps, tenantId);
  const month = monthOf(deps.clock.now());
  const id = quotaCounterId(tenantId, month.key);
  const used = await deps.counters.take(id, limit, keepFor(62 * 24 * 3600 * 1000));
  if (used === null) {
    throw new AppError('quota_exceeded', `The monthly quota of ${limit} emails is used up until ${month.resetAt.toISOString()}.`, {
      extra: { limit, used: await deps.counters.read(id), resetAt: month.resetAt.toISOString() },
    });
  }
  return () => deps.counters.giveBack(id);
}

/** The quota of the tenant's plan as billing last announced it; the configured default before any announcement. */
async function monthlyQuota(deps: MailDeps, tenantId: string): Promise<number> {
  return (await deps.entitlements.byTenant(tenantId))?.monthlyEmailQuota ?? deps.config.defaultMonthlyQuota;
}
