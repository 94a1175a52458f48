import type { Outcome } from './port';

export interface RetryPolicy {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 1000, maxMs: 60_000 };
export const DEFAULT_MAX_ATTEMPTS = 5;

export function backoffMs(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.maxMs, policy.baseMs * 2 ** (attempt - 1));
}

/** A handler that resolved to something else (a forgotten `return ack()`) is treated as one that threw. */
export function checkedOutcome(value: unknown): Outcome {
  const kind = (value as Outcome | undefined)?.kind;
  if (kind === 'ack' || kind === 'retry' || kind === 'dead-letter') return value as Outcome;
  throw new TypeError('handler resolved without an outcome (ack, retry or deadLetter)');
}

export function assertPrefetch(prefetch: number): void {
  if (!Number.isInteger(prefetch) || prefetch < 1) throw new RangeError(`prefetch must be a positive integer, got ${prefetch}`);
}

export function errorFields(err: unknown): { error: string; code?: string } {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return typeof code === 'string' ? { error: err.message, code } : { error: err.message };
  }
  return { error: String(err) };
}
