import type { Store } from '@mailplane/store';

/** A signed-in session as stored: found by the hash of its id, its API key sealed to it. */
export interface SessionRecord {
  /** SHA-256 of the session id: the store never holds what the cookie carries. */
  _id: string;
  /** SHA-256 of the API key: every session of one key, without the key. */
  keyHash: string;
  /** The API key, sealed with the session secret and bound to this record. */
  sealedKey: string;
  csrf: string;
  createdAt: Date;
  lastSeenAt: Date;
}

/** The dashboard's sessions in its own store, shared by every dashboard process. */
export function sessionsRepo(store: Store) {
  const sessions = store.collection<SessionRecord>('sessions');
  return {
    async init() {
      // a key's sessions, oldest first: the cap on live sessions per key, and sign-out of every session of a key
      await sessions.createIndex({ keyHash: 1, createdAt: 1 });
      // the purge of sessions idle too long, and of sessions too old
      await sessions.createIndex({ lastSeenAt: 1 });
      await sessions.createIndex({ createdAt: 1 });
    },
    insert: (record: SessionRecord) => sessions.insertOne(record),
    byId: (idHash: string) => sessions.findOne({ _id: idHash }),
    seen: (idHash: string, at: Date) => sessions.updateOne({ _id: idHash }, { $set: { lastSeenAt: at } }),
    remove: (idHash: string) => sessions.deleteOne({ _id: idHash }),
    removeKey: (keyHash: string) => sessions.deleteMany({ keyHash }),
    /** A key's sessions beyond the newest `keep`, oldest first. */
    async oldestOfKey(keyHash: string, keep: number): Promise<string[]> {
      const all = await sessions.find({ keyHash }, { sort: { createdAt: 1, _id: 1 } });
      return all.slice(0, Math.max(0, all.length - keep)).map((s) => s._id);
    },
    async purge(idleSince: Date, createdSince: Date): Promise<number> {
      return (
        (await sessions.deleteMany({ lastSeenAt: { $lt: idleSince } })) + (await sessions.deleteMany({ createdAt: { $lt: createdSince } }))
      );
    },
  };
}
export type SessionsRepo = ReturnType<typeof sessionsRepo>;
