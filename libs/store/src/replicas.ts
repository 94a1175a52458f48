import type { Doc, Store } from './port';

export interface ReplicaRecord extends Doc {
  seenAt: Date;
  until: Date;
}

/** A record that ran out names a replica that died (killed, crashed, cut off), maybe mid-work; judged by the asker's clock. */
export function replicaRegistry(store: Store, options: { holder: string; ttlMs: number; now?: () => Date }) {
  const replicas = store.collection<ReplicaRecord>('replicas');
  const { holder, ttlMs } = options;
  const now = options.now ?? (() => new Date());
  return {
    holder,
    ttlMs,
    async heartbeat(): Promise<void> {
      const at = now();
      await replicas.updateOne({ _id: holder }, { $set: { seenAt: at, until: new Date(at.getTime() + ttlMs) } }, { upsert: true });
    },
    /** A clean stop: nothing of this replica's is left for another to take up. */
    async leave(): Promise<void> {
      await replicas.deleteOne({ _id: holder });
    },
    gone: (limit: number) => replicas.find({ until: { $lt: now() } }, { sort: { until: 1 }, limit }),
    /** Done with a replica that died; false when it came back meanwhile (its record moved on). */
    async forget(replica: ReplicaRecord): Promise<boolean> {
      return (await replicas.deleteOne({ _id: replica._id, until: replica.until })) === 1;
    },
  };
}
export type ReplicaRegistry = ReturnType<typeof replicaRegistry>;
