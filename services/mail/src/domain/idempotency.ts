import { createHash } from 'node:crypto';
import { AppError } from '@mailplane/contracts';
import type { MailDeps } from './deps';

export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

export interface Reply {
  status: number;
  body: unknown;
}

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
 * Runs `work` at most once per (tenant, key) for 24 h. A finished request is replayed; the same key with
 * another body is refused (422); a request still running gets 429 + Retry-After. Failures are not kept,
 * so a client may retry a refused send with the same key.
 */
export async function onceFor(
  deps: MailDeps,
  tenantId: string,
  rawKey: string | undefined,
  body: unknown,
  work: () => Promise<Reply>,
): Promise<Reply & { replayed: boolean }> {
  if (rawKey === undefined) return { ...(await work()), replayed: false };
  const id = sha256(`${tenantId}\n${normalizeKey(rawKey)}`);
  const fingerprint = sha256(canonical(body));
  const existing = await deps.idempotency.claim({ _id: id, fingerprint, state: 'in_flight', reply: null, createdAt: new Date() });
  if (existing) {
    if (existing.fingerprint !== fingerprint) {
      throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used with a different request body.');
    }
    if (existing.state === 'in_flight' || !existing.reply) {
      throw new AppError('idempotency_key_in_flight', 'A request with this Idempotency-Key is still being processed.', {
        headers: { 'Retry-After': '1' },
      });
    }
    return { ...existing.reply, replayed: true };
  }
  try {
    const reply = await work();
    await deps.idempotency.complete(id, reply);
    return { ...reply, replayed: false };
  } catch (err) {
    await deps.idempotency.release(id);
    throw err;
  }
}
