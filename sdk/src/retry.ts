export interface RetryPolicy {
  /** Attempts after the first; 0 disables retries. */
  maxRetries: number;
  /** First backoff step; doubles each attempt, of which a random half is waited (equal jitter). */
  baseDelayMs: number;
  /** Longest wait between attempts; a longer `Retry-After` is not waited for, the error is thrown. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 2, baseDelayMs: 500, maxDelayMs: 30_000 };

/** `Retry-After` as seconds (delay-seconds or an HTTP-date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The wait before retry `attempt` (1-based): `Retry-After` plus up to 10 % spread, else equal-jitter backoff; undefined: no retry. */
export function retryDelayMs(policy: RetryPolicy, attempt: number, retryAfterSeconds: number | undefined, random = Math.random) {
  if (retryAfterSeconds !== undefined) {
    const asked = retryAfterSeconds * 1000;
    return asked > policy.maxDelayMs ? undefined : asked + Math.floor(random() * asked * 0.1);
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(ceiling / 2 + random() * (ceiling / 2));
}
