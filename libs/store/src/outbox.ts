import type { Collection, Doc, Filter, Update } from './port';

/**
 * The transactional outbox columns: events written in the same update as the change they announce, kept
 * until the broker confirmed them. `eventsPending` is derivable from the list, but it is what the sweeper's
 * index serves.
 */
export interface CarriesEvents<E = unknown> {
  pendingEvents: E[];
  eventsPending: boolean;
  /** Counts the writes that appended events (`appendingEvents`); the outbox guarded by it clears only what it read. */
  changeSeq?: number;
  /** Published events an outbox `keeps` until `keptUntil`, in case the queue they went to dies with its process. */
  keptEvents?: E[];
  keptUntil?: Date | null;
}

/**
 * How long a published event an outbox keeps stays with its record: past it, a record on a queue that lives with the
 * process (the embedded default's) has been taken off it, since its consumer runs in the same process.
 */
export const KEEP_PUBLISHED_MS = 60_000;
const REARM_BATCH = 500;

/** The outbox columns for a write that announces `events` (none: nothing to announce), replacing any still waiting. */
export const carrying = <E>(events: E[]): CarriesEvents<E> => ({ pendingEvents: events, eventsPending: events.length > 0 });

/**
 * An update that sets `fields` and adds `events` to those still waiting, never replacing them: what a write must do
 * when another change's events (an audit record) may not be announced yet. It bumps `changeSeq`, so an outbox guarded
 * by it (`guardedBy: 'changeSeq'`) does not clear these events when it announces what it read before this write.
 */
export function appendingEvents<E>(events: E[], fields: Record<string, unknown>): Update {
  if (events.length === 0) return { $set: fields };
  return { $set: { ...fields, eventsPending: true }, $push: { pendingEvents: { $each: events } }, $inc: { changeSeq: 1 } };
}

export interface OutboxFields<T extends CarriesEvents> {
  /** A Date written with every change that writes events: the sweeper waits until it is old enough. */
  agedBy: keyof T & string;
  /** Equal only while no later change replaced the events (default `agedBy`); clearing is conditional on it. */
  guardedBy?: keyof T & string;
  /** Events kept `KEEP_PUBLISHED_MS` after their publish, so that `rearmKept` can publish them again. */
  keeps?: (event: T['pendingEvents'][number]) => boolean;
  now?: () => Date;
}

/** The outbox side of a collection whose records carry events; one for every such collection. */
export function eventOutbox<T extends Doc & CarriesEvents>(collection: Collection<T>, fields: OutboxFields<T>) {
  const guard = fields.guardedBy ?? fields.agedBy;
  const now = fields.now ?? (() => new Date());
  // What a publish keeps: the events `keeps` picks, appended to those kept from earlier publishes, for a minute more.
  const keeping = (events: T['pendingEvents']): Update => {
    const kept = fields.keeps ? events.filter(fields.keeps) : [];
    if (kept.length === 0) return {};
    return { $set: { keptUntil: new Date(now().getTime() + KEEP_PUBLISHED_MS) }, $push: { keptEvents: { $each: kept } } };
  };
  // By a compare-and-set on `keptUntil`: of two replicas re-arming at once (or a sweep dropping), one moves the events.
  const rearm = async (record: T): Promise<number> => {
    const moved = guard === 'changeSeq' ? {} : { [guard]: now() };
    const written = await collection.updateOne(
      { _id: record._id, keptUntil: record.keptUntil },
      {
        $set: { ...moved, eventsPending: true, keptEvents: [], keptUntil: null },
        $push: { pendingEvents: { $each: record.keptEvents ?? [] } },
        $inc: { changeSeq: 1 },
      },
    );
    return written.matched;
  };
  return {
    async init() {
      // sweeper: records whose events the broker has not confirmed, oldest change first; only those, so that a
      // write that leaves a record's events confirmed (most do) adds no entry
      await collection.createIndex({ eventsPending: 1, [fields.agedBy]: 1 }, { partial: { eventsPending: true } });
      // sweeper and a start on new queues: records keeping published events
      if (fields.keeps) await collection.createIndex({ keptUntil: 1 }, { sparse: true });
    },
    /** Records whose events were written before `before` and are still unconfirmed; `where` narrows them. */
    unannounced: (before: Date, limit: number, where: Filter = {}) =>
      collection.find({ ...where, eventsPending: true, [fields.agedBy]: { $lt: before } }, { sort: { [fields.agedBy]: 1 }, limit }),
    /** Publishes the record's events, then forgets them unless a later change wrote new ones meanwhile. */
    async announce(record: T, publish: (event: T['pendingEvents'][number]) => Promise<void>): Promise<void> {
      if (!record.eventsPending) return;
      for (const event of record.pendingEvents) await publish(event);
      const kept = keeping(record.pendingEvents);
      await collection.updateOne(
        // null matches a record written before the guard existed, as it was read.
        { _id: record._id, eventsPending: true, [guard]: record[guard] ?? null },
        { ...kept, $set: { ...kept.$set, pendingEvents: [], eventsPending: false } },
      );
    },
    /**
     * Forgets the kept events whose time is up, each record by a compare-and-set on its `keptUntil` (one kept again
     * meanwhile stays): safe for two replicas at once.
     */
    dropKept: () => collection.updateMany({ keptUntil: { $lt: now() } }, { $set: { keptEvents: [], keptUntil: null } }),
    /**
     * For a start that finds the broker's queues new: every record's kept events wait to be published again, appended
     * to those waiting, a batch at a time; the guard moves, so no announce of an older read clears them. Answers how
     * many records were re-armed.
     */
    async rearmKept(): Promise<number> {
      let rearmed = 0;
      for (let afterId: string | undefined; ;) {
        const after = afterId ? { _id: { $gt: afterId } } : {};
        const kept = await collection.find({ ...after, keptUntil: { $gt: new Date(0) } }, { sort: { _id: 1 }, limit: REARM_BATCH });
        for (const record of kept) rearmed += await rearm(record);
        if (kept.length < REARM_BATCH) return rearmed;
        afterId = kept[kept.length - 1]._id;
      }
    },
  };
}
export type EventOutbox<T extends Doc & CarriesEvents> = ReturnType<typeof eventOutbox<T>>;
