import { randomBytes, timingSafeEqual } from 'node:crypto';

export interface Session {
  id: string;
  /** The full-access API key the tenant signed in with; kept here only, never sent to the browser. */
  apiKey: string;
  /** Synchronizer token: every form that changes something carries it. */
  csrf: string;
  createdAt: number;
  lastSeenAt: number;
}

export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
  /** The oldest sessions go first beyond this. */
  max: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = { idleMs: 30 * 60_000, absoluteMs: 12 * 3600_000, max: 10_000 };

const token = () => randomBytes(32).toString('base64url');

/** Server-side sessions in memory: a restart signs everyone out, which a key away is all it takes to undo. */
export function createSessions(limits: SessionLimits = DEFAULT_SESSION_LIMITS, now = () => Date.now()) {
  const sessions = new Map<string, Session>();
  const expired = (s: Session, at: number) => at - s.lastSeenAt > limits.idleMs || at - s.createdAt > limits.absoluteMs;
  return {
    create(apiKey: string): Session {
      const at = now();
      const session = { id: token(), apiKey, csrf: token(), createdAt: at, lastSeenAt: at };
      sessions.set(session.id, session);
      while (sessions.size > limits.max) sessions.delete(sessions.keys().next().value as string);
      return session;
    },
    /** The live session of this id, its idle time restarted; null when unknown or expired. */
    get(id: string | undefined): Session | null {
      const session = id ? sessions.get(id) : undefined;
      if (!session) return null;
      const at = now();
      if (expired(session, at)) {
        sessions.delete(session.id);
        return null;
      }
      session.lastSeenAt = at;
      return session;
    },
    destroy(id: string) {
      sessions.delete(id);
    },
    /** Ends every session of a key (the API said it is no longer valid). */
    destroyKey(apiKey: string) {
      for (const [id, s] of sessions) if (s.apiKey === apiKey) sessions.delete(id);
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;

export function sameToken(a: string | undefined, b: string): boolean {
  if (typeof a !== 'string' || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
