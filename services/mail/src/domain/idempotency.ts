import { createHash, randomUUID } from 'node:crypto';
import { AppError } from '@mailplane/contracts';
import { newId } from '@mailplane/runtime';
import type { HeldKey } from '../data-access/idempotency-repo';
import type { Budget } from './budget';
import type { MailDeps } from './deps';

export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
// A key is held while its request may still be running: the request's own deadline, plus this for the answer to leave.
const LEASE_MARGIN_MS = 1000;
const MAX_LEASE_MS = 60_000;

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

export const fingerprintOf = (body: unknown) => sha256(canonical(body));

/** Structured-field strings arrive quoted (`"abc"`); most clients send them bare. Both mean the same key. */
export const normalizeKey = (raw: string) => (/^".*"$/.test(raw) ? raw.slice(1, -1) : raw);

export interface KeyedSend<T> {
  perform(messageId: string): Promise<T>;
  /** The outcome of the send whose message is stored under this id; null when nothing was stored. */
  stored(messageId: string): Promise<T | null>;
}

const inFlight = (retryInMs: number) =>
  new AppError('idempotency_key_in_flight', 'A request with this Idempotency-Key is still being processed.', {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryInMs / 1000))) },
  });

/**
 * At most once per (tenant, key) for 24 h; refusals are not kept. A retry that finds the lease run out and no message stored
 * takes the key over under the same message id, so a late first request and the retry can never store two.
 */
export async function onceFor<T>(
  deps: MailDeps,
  request: { tenantId: string; rawKey: string | undefined; body: unknown; budget: Budget },
  send: KeyedSend<T>,
): Promise<{ outcome: T; replayed: boolean }> {
  const now = deps.clock.now();
  const messageId = newId('msg', now.getTime());
  if (request.rawKey === undefined) return { outcome: await send.perform(messageId), replayed: false };
  const { tenantId } = request;
  const key = normalizeKey(request.rawKey);
  const fingerprint = fingerprintOf(request.body);
  const lease = {
    holder: randomUUID(),
    leaseUntil: new Date(now.getTime() + Math.min(request.budget.msLeft(), MAX_LEASE_MS) + LEASE_MARGIN_MS),
  };
  const held = await deps.idempotency.claim(tenantId, key, { fingerprint, messageId, ...lease }, now);
  let reserved = messageId;
  if (held) {
    const resolved = await resolveHeld(deps, { tenantId, key, fingerprint, held }, send);
    if ('replay' in resolved) return { outcome: resolved.replay, replayed: true };
    reserved = resolved.expired.messageId ?? messageId;
    if (!(await deps.idempotency.takeOver(tenantId, key, { messageId: reserved, ...lease }, now))) throw inFlight(1000);
  }
  try {
    const outcome = await send.perform(reserved);
    await deps.idempotency.complete(tenantId, key, outcome);
    return { outcome, replayed: false };
  } catch (err) {
    await deps.idempotency.release(tenantId, key, lease.holder);
    throw err;
  }
}

async function resolveHeld<T>(
  deps: MailDeps,
  claim: { tenantId: string; key: string; fingerprint: string; held: HeldKey },
  send: KeyedSend<T>,
): Promise<{ replay: T } | { expired: { messageId: string | null } }> {
  const { held } = claim;
  if (held.fingerprint !== claim.fingerprint) {
    throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used with a different request body.');
  }
  if (held.done) return { replay: held.outcome as T };
  const stored = held.messageId ? await send.stored(held.messageId) : null;
  if (stored !== null) {
    // Its request died (or is finishing) after the message was stored: the send was accepted.
    await deps.idempotency.complete(claim.tenantId, claim.key, stored);
    return { replay: stored };
  }
  const retryInMs = held.leaseUntil.getTime() - deps.clock.now().getTime();
  if (retryInMs >= 0) throw inFlight(retryInMs);
  return { expired: held };
}
