import { createHash } from 'node:crypto';

const RETENTION_MS = 24 * 60 * 60 * 1000;

type Entry = { at: number } & ({ state: 'processing' } | { state: 'done'; bodyHash: string; status: number; body: unknown });

export type Claim =
  | { kind: 'new'; finish(bodyText: string, status: number, body: unknown): void; abandon(): void }
  | { kind: 'replay'; matches(bodyText: string): boolean; status: number; body: unknown }
  | { kind: 'in-progress' };

/** Mollie's `Idempotency-Key`: a key is claimed as soon as its request arrives, before the body is read, so a concurrent duplicate sees 409. */
export function createIdempotencyStore(now: () => number = Date.now) {
  const entries = new Map<string, Entry>();

  function claim(key: string): Claim {
    const existing = entries.get(key);
    if (existing && now() - existing.at >= RETENTION_MS) entries.delete(key);
    const entry = entries.get(key);
    if (entry?.state === 'processing') return { kind: 'in-progress' };
    if (entry?.state === 'done')
      return { kind: 'replay', matches: (bodyText) => hash(bodyText) === entry.bodyHash, status: entry.status, body: entry.body };

    // Retention counts from the first request, not from when its answer was stored.
    const at = now();
    entries.set(key, { state: 'processing', at });
    return {
      kind: 'new',
      finish: (bodyText, status, body) => void entries.set(key, { state: 'done', at, bodyHash: hash(bodyText), status, body }),
      abandon: () => void entries.delete(key),
    };
  }

  /** Whether a request with this key arrived and is not answered yet. */
  const inProgress = (key: string) => entries.get(key)?.state === 'processing';

  return { claim, inProgress, clear: () => entries.clear() };
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');
