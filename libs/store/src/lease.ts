import { type Doc, DuplicateKeyError, type Store } from './port';

/** Who holds a job and until when, by the holder's clock; what the job keeps between rounds. */
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
  /** Gives it up at once, so another replica need not wait for it to run out. */
  release(): Promise<void>;
  /** What the job kept with its lease (a cursor, a marker), whoever kept it; undefined before anyone did. */
  state(): Promise<S | undefined>;
  /** Keeps `state` with the lease, for the next round or the next holder; false (nothing written) once another holds it. */
  keep(state: S): Promise<boolean>;
}

/**
 * The lease `job` in `store`'s `leases` collection, for `holder` (unique per process). A compare-and-set on one
 * record, so it holds on every engine: of several replicas asking at once exactly one gets it. Expiry is judged by
 * the asker's clock, so clocks that differ by S let two holders overlap by up to S: keep S well under `ttlMs`.
 */
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
        // Upserted when nobody ever held it; a record held by another and still running matches nothing, and the
        // upsert then collides with it on _id.
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
