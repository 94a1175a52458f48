import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { openKeyBox, type KeyBox } from '@mailplane/secrets';
import type { Store } from '@mailplane/store';
import type { Browser } from './api-client';
import { sessionsRepo, type SessionRecord, type SessionsRepo } from './data-access/sessions-repo';

export interface Session {
  id: string;
  /** The full-access API key the tenant signed in with; kept sealed in the store, never sent to the browser. */
  apiKey: string;
  /** Synchronizer token: every form that changes something carries it. */
  csrf: string;
  createdAt: number;
  lastSeenAt: number;
  /** The browser of the request being served, set on each request's copy of the session (never stored). */
  browser?: Browser;
}

export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
  /** Live sessions of one key; beyond it that key's oldest goes (never another key's). */
  perKey: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = { idleMs: 30 * 60_000, absoluteMs: 12 * 3600_000, perKey: 20 };

const token = () => randomBytes(32).toString('base64url');
const hash = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * Server-side sessions in the dashboard's store, so any dashboard process answers any session. Expiry is checked
 * on every read; `purge` deletes what expired (a leased job).
 */
export function createSessions(store: SessionsRepo, box: KeyBox, limits: SessionLimits = DEFAULT_SESSION_LIMITS, now = () => Date.now()) {
  // A page read soon after the last one does not write: idle time is counted to a tenth of its limit (at most a minute).
  const seenEvery = Math.min(60_000, limits.idleMs / 10);
  const expired = (s: SessionRecord, at: number) =>
    at - s.lastSeenAt.getTime() > limits.idleMs || at - s.createdAt.getTime() > limits.absoluteMs;
  const opened = (id: string, s: SessionRecord): Session => ({
    id,
    apiKey: box.open(s.sealedKey, s._id),
    csrf: s.csrf,
    createdAt: s.createdAt.getTime(),
    lastSeenAt: s.lastSeenAt.getTime(),
  });
  return {
    async create(apiKey: string): Promise<Session> {
      const [id, at] = [token(), new Date(now())];
      const record = { _id: hash(id), keyHash: hash(apiKey), csrf: token(), createdAt: at, lastSeenAt: at };
      await store.insert({ ...record, sealedKey: box.seal(apiKey, record._id) });
      for (const old of await store.oldestOfKey(record.keyHash, limits.perKey)) await store.remove(old);
      return { id, apiKey, csrf: record.csrf, createdAt: at.getTime(), lastSeenAt: at.getTime() };
    },
    /** The live session of this id, its idle time restarted; null when unknown or expired. */
    async get(id: string | undefined): Promise<Session | null> {
      const record = id ? await store.byId(hash(id)) : null;
      if (!id || !record) return null;
      const at = now();
      if (expired(record, at)) {
        await store.remove(record._id);
        return null;
      }
      if (at - record.lastSeenAt.getTime() >= seenEvery) await store.seen(record._id, new Date(at));
      return opened(id, record);
    },
    destroy: (id: string) => store.remove(hash(id)),
    /** Ends every session of a key, in every process (the API said it is no longer valid). */
    destroyKey: (apiKey: string) => store.removeKey(hash(apiKey)),
    purge: () => store.purge(new Date(now() - limits.idleMs), new Date(now() - limits.absoluteMs)),
  };
}
export type Sessions = ReturnType<typeof createSessions>;

/** The sessions of the dashboard's `store`, their keys sealed under `secret` (DASHBOARD_SESSION_SECRET). */
export async function openSessions(store: Store, secret: string, limits?: SessionLimits, now?: () => number): Promise<Sessions> {
  const sessions = sessionsRepo(store);
  await sessions.init();
  return createSessions(sessions, await openKeyBox(secret, 'dashboard-sessions'), limits, now);
}

export function sameToken(a: string | undefined, b: string): boolean {
  if (typeof a !== 'string' || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
