import { type Doc, DuplicateKeyError, type Store } from './port';

interface LeaseRecord<S> extends Doc {
  holder: string;
  until: Date;
  state?: S;
}

/** A named, time-bound right to run one job: at most one holder at a time across every process sharing the store. */
export interface Lease<S = unknown> {
  readonly job: string;
  readonly ttlMs: number;
  /** Takes the lease, or extends it when this holder has it; false while another holder's lease runs. */
  acquire(): Promise<boolean>;
  release(): Promise<void>;
  state(): Promise<S | undefined>;
  /** Keeps `state` with the lease, for the next round or the next holder; false (nothing written) once another holds it. */
  keep(state: S): Promise<boolean>;
}

/** A compare-and-set on one record: one asker wins on every engine. Expiry is by the asker's clock: keep clock skew well under `ttlMs`. */
export function leaseOn<S = unknown>(store: Store, job: string, options: { holder: string; ttlMs: number; now?: () => Date }): Lease<S> {
  const leases = store.collection<LeaseRecord<S>>('leases');
  const { holder, ttlMs } = options;
  const now = options.now ?? (() => new Date());
  return {
    job,
    ttlMs,
    async acquire() {
      const at = now();
      try {
        // Upserted when never held; another's running lease matches nothing, and the upsert collides with it on _id.
        await leases.updateOne(
          { _id: job, $or: [{ holder }, { until: { $lte: at } }] },
          { $set: { holder, until: new Date(at.getTime() + ttlMs) } },
          { upsert: true },
        );
        return true;
      } catch (err) {
        if (err instanceof DuplicateKeyError) return false;
        throw err;
      }
    },
    async release() {
      await leases.updateOne({ _id: job, holder }, { $set: { until: new Date(0) } });
    },
    async state() {
      return (await leases.findOne({ _id: job }))?.state;
    },
    async keep(state) {
      // Held by the holder, not by the time: a holder past its time that nobody took over from may still write.
      return (await leases.updateOne({ _id: job, holder }, { $set: { state } })).matched === 1;
    },
  };
}
