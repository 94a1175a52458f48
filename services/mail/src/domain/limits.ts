import { AppError, type MonthlyUsage } from '@mailplane/contracts';
import type { CounterKey } from '../data-access/counters-repo';
import type { SendTake } from '../data-access/send-limits-repo';
import type { TenantRecord } from '../data-access/entitlements-repo';
import type { MailDeps } from './deps';

export interface RateLimitState {
  policy: string;
  limit: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
}

/** draft-ietf-httpapi-ratelimit-headers: on every accepted send and on the refusal. */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'RateLimit-Policy': `"${state.policy}";q=${state.limit};w=${state.windowSeconds}`,
    RateLimit: `"${state.policy}";r=${state.remaining};t=${state.resetSeconds}`,
  };
}

const keepFor = (deps: MailDeps, ms: number) => new Date(deps.clock.now().getTime() + ms);

function fixedWindow(nowMs: number, windowSeconds: number): { start: number; resetSeconds: number } {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(nowMs / windowMs) * windowMs;
  return { start, resetSeconds: Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000)) };
}

interface Window {
  policy: string;
  counter: CounterKey['name'];
  limit: number;
  windowSeconds: number;
}

/** All or none, counted in the mail store so that it holds across every gateway process and mail replica. */
async function takeWindow(deps: MailDeps, tenantId: string, window: Window, n: number): Promise<{ taken: boolean; state: RateLimitState }> {
  const { limit, windowSeconds } = window;
  const { start, resetSeconds } = fixedWindow(deps.clock.now().getTime(), windowSeconds);
  const counter = { name: window.counter, period: String(start) };
  const used = await deps.counters.take(tenantId, counter, limit, keepFor(deps, windowSeconds * 2000), n);
  const state = { policy: window.policy, limit, windowSeconds, remaining: used === null ? 0 : limit - used, resetSeconds };
  return { taken: used !== null, state };
}

const refusalHeaders = (state: RateLimitState) => ({ ...rateLimitHeaders(state), 'Retry-After': String(state.resetSeconds) });

const QUOTA_KEEP_MS = 62 * 24 * 3600 * 1000;

function sendTake(deps: MailDeps, emails: number, units: number, quota: number): SendTake & { resetSeconds: number } {
  const nowMs = deps.clock.now().getTime();
  const { limit, windowSeconds } = deps.config.rateLimit;
  const { start, resetSeconds } = fixedWindow(nowMs, windowSeconds);
  const month = monthOf(deps.clock.now()).key;
  return { window: start, month, rate: limit, quota, emails, units, expiresAt: new Date(nowMs + QUOTA_KEEP_MS), resetSeconds };
}

const sendState = (deps: MailDeps, t: { resetSeconds: number }, sent: number | null): RateLimitState => ({
  policy: 'send',
  limit: deps.config.rateLimit.limit,
  windowSeconds: deps.config.rateLimit.windowSeconds,
  remaining: sent === null ? 0 : Math.max(0, deps.config.rateLimit.limit - sent),
  resetSeconds: t.resetSeconds,
});

function rateLimited(deps: MailDeps, t: { resetSeconds: number }, emails: number): AppError {
  const { limit, windowSeconds } = deps.config.rateLimit;
  return new AppError(
    'rate_limited',
    `At most ${limit} emails per ${windowSeconds} s${emails > 1 ? `; this request holds ${emails}` : ''}.`,
    {
      headers: refusalHeaders(sendState(deps, t, null)),
    },
  );
}

/** The tenant's send rate limit (POST /emails, each email of a batch, SMTP submission): 429 `rate_limited` beyond. */
export async function takeRateLimit(deps: MailDeps, tenantId: string, emails = 1): Promise<RateLimitState> {
  const t = sendTake(deps, emails, 0, 0);
  const result = await deps.sendLimits.take(tenantId, t);
  if (!result.taken) throw rateLimited(deps, t, emails);
  return sendState(deps, t, result.sent);
}

/**
 * The rate limit and at most `units` of quota in one write (the caller gives back what it does not use). Null when the
 * quota has no room: the caller then takes each on its own, to answer exactly as it would have.
 */
export async function takeRateAndQuota(
  deps: MailDeps,
  tenantId: string,
  tenant: TenantRecord | null,
  emails: number,
  units: number,
): Promise<{ rateLimit: RateLimitState; giveBack: (n: number) => Promise<void> } | null> {
  const t = sendTake(deps, emails, units, quotaOf(deps, tenant));
  const result = await deps.sendLimits.take(tenantId, t);
  if (!result.taken && result.refused === 'rate') throw rateLimited(deps, t, emails);
  if (!result.taken) return null;
  return { rateLimit: sendState(deps, t, result.sent), giveBack: (n) => deps.sendLimits.giveBack(tenantId, t.month, n) };
}

/** Apart from the send rate limit; beyond it 400 `test_email_limit_reached`, the contract's only refusal of POST /emails/test. */
export async function takeTestEmailRate(deps: MailDeps, tenantId: string): Promise<RateLimitState> {
  const { limit, windowSeconds } = deps.config.testEmailRate;
  const { taken, state } = await takeWindow(deps, tenantId, { policy: 'test', counter: 'test-rate', limit, windowSeconds }, 1);
  if (!taken) {
    throw new AppError('test_email_limit_reached', `At most ${limit} test emails per ${windowSeconds} s.`, {
      headers: refusalHeaders(state),
    });
  }
  return state;
}

export function monthOf(at: Date): { key: string; resetAt: Date } {
  const resetAt = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { key: `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`, resetAt };
}

/** Reserves `n` emails of the UTC month, all or none (atomic: N racing sends at quota−1 admit one); returns the give-back. */
export async function reserveQuota(deps: MailDeps, tenantId: string, n = 1, tenant?: TenantRecord | null): Promise<() => Promise<void>> {
  const limit = tenant === undefined ? await monthlyQuota(deps, tenantId) : quotaOf(deps, tenant);
  const t = sendTake(deps, 0, n, limit);
  const result = await deps.sendLimits.take(tenantId, t);
  if (!result.taken) {
    const resetAt = monthOf(deps.clock.now()).resetAt.toISOString();
    throw new AppError('quota_exceeded', `The monthly quota of ${limit} emails is used up until ${resetAt}.`, {
      extra: { limit, used: result.used, resetAt },
    });
  }
  return () => deps.sendLimits.giveBack(tenantId, t.month, n);
}

/** Gives the reservation back when `accept` throws or answers null (a request with the same Idempotency-Key stored first). */
export async function withinQuota<T>(
  deps: MailDeps,
  tenantId: string,
  n: number,
  tenant: TenantRecord | null,
  accept: () => Promise<T | null>,
): Promise<T | null> {
  const giveBack = await reserveQuota(deps, tenantId, n, tenant);
  try {
    const accepted = await accept();
    if (accepted === null) await giveBack();
    return accepted;
  } catch (err) {
    await giveBack();
    throw err;
  }
}

const DAY_MS = 24 * 3600 * 1000;

/** The daily cap of test emails, which are outside the monthly quota; atomic like it across replicas. Returns the give-back. */
export async function takeTestEmail(deps: MailDeps, tenantId: string): Promise<() => Promise<void>> {
  const limit = deps.config.testEmailDailyLimit;
  const now = deps.clock.now();
  const resetAt = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS);
  const counter = { name: 'test', period: now.toISOString().slice(0, 10) } as const;
  if ((await deps.counters.take(tenantId, counter, limit, keepFor(deps, 2 * DAY_MS))) === null) {
    throw new AppError('test_email_limit_reached', `At most ${limit} test emails per day; more from ${resetAt.toISOString()}.`, {
      headers: { 'Retry-After': String(Math.ceil((resetAt.getTime() - now.getTime()) / 1000)) },
    });
  }
  return () => deps.counters.giveBack(tenantId, counter);
}

/** Gives back the place a message accepted at `acceptedAt` took in that month's quota (a canceled scheduled send). */
export async function giveBackQuota(deps: MailDeps, tenantId: string, acceptedAt: Date, n = 1): Promise<void> {
  await deps.sendLimits.giveBack(tenantId, monthOf(acceptedAt).key, n);
}

/** As reserveQuota sees them; billing shows it in the tenant's state. */
export async function monthlyUsage(deps: MailDeps, tenantId: string): Promise<MonthlyUsage> {
  const month = monthOf(deps.clock.now());
  const used = await deps.sendLimits.used(tenantId, month.key);
  return { used, limit: await monthlyQuota(deps, tenantId), resetAt: month.resetAt.toISOString() };
}

async function monthlyQuota(deps: MailDeps, tenantId: string): Promise<number> {
  return quotaOf(deps, await deps.entitlements.byTenant(tenantId));
}

const quotaOf = (deps: MailDeps, tenant: TenantRecord | null) => tenant?.monthlyEmailQuota ?? deps.config.defaultMonthlyQuota;
