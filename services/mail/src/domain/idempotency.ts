import { createHash } from 'node:crypto';
import { AppError } from '@mailplane/contracts';
import type { MailDeps } from './deps';

export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

// Canonical JSON (sorted keys) so that a retry with reordered fields is the same request.
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Structured-field strings arrive quoted (`"abc"`); most clients send them bare. Both mean the same key. */
export const normalizeKey = (raw: string) => (/^".*"$/.test(raw) ? raw.slice(1, -1) : raw);

/**
 * Runs `work` at most once per (tenant, key) for 24 h. A finished request's outcome is replayed; the same
 * key with another body is refused; a request still running is refused as retryable. Failures are not
 * kept, so a client may retry a refused send with the same key.
 */
export async function onceFor<T>(
  deps: MailDeps,
  tenantId: string,
  rawKey: string | undefined,
  body: unknown,
  work: () => Promise<T>,
): Promise<{ outcome: T; replayed: boolean }> {
  if (rawKey === undefined) return { outcome: await work(), replayed: false };
  const key = normalizeKey(rawKey);
  const fingerprint = sha256(canonical(body));
  const held = await deps.idempotency.claim(tenantId, key, fingerprint, deps.clock.now());
  if (held) {
    if (held.fingerprint !== fingerprint) {
      throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used with a different request body.');
    }
    if (!held.done) {
      throw new AppError('idempotency_key_in_flight', 'A request with this Idempotency-Key is still being processed.', {
        headers: { 'Retry-After': '1' },
      });
    }
    return { outcome: held.outcome as T, replayed: true };
  }
  try {
    const outcome = await work();
    await deps.idempotency.complete(tenantId, key, outcome);
    return { outcome, replayed: false };
  } catch (err) {
    await deps.idempotency.release(tenantId, key);
    throw err;
  }
}
