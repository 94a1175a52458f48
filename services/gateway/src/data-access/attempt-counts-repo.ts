import { DuplicateKeyError, type Store } from '@mailplane/store';

export interface AttemptCount {
  _id: string;
  count: number;
  /** When the window ends; a count past it is over, whether or not it is removed yet. */
  until: Date;
  expiresAt: Date;
}

/** One document per key, incremented in place. */
export function attemptCountsRepo(store: Store) {
  const counts = store.collection<AttemptCount>('attempt_counts');
  return {
    async init() {
      await counts.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    },
    current: (id: string, now: Date) => counts.findOne({ _id: id, until: { $gt: now } }),
    async add(id: string, now: Date, windowMs: number): Promise<void> {
      const until = new Date(now.getTime() + windowMs);
      const window = { count: 1, until, expiresAt: until };
      for (;;) {
        if (await counts.findOneAndUpdate({ _id: id, until: { $gt: now } }, { $inc: { count: 1 } })) return;
        // A window that ended is replaced by compare-and-set on its end: of two replicas opening one at once, one
        // wins and the other counts into it on its next turn.
        if ((await counts.updateOne({ _id: id, until: { $lte: now } }, { $set: window })).matched > 0) return;
        try {
          return await counts.insertOne({ _id: id, ...window });
        } catch (err) {
          if (!(err instanceof DuplicateKeyError)) throw err;
        }
      }
    },
    forget: (id: string) => counts.deleteOne({ _id: id }).then(() => undefined),
  };
}
export type AttemptCountsRepo = ReturnType<typeof attemptCountsRepo>;
