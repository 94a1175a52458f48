import type { Collection, Doc, Filter, Update } from './port';

/** Events written with the change they announce, kept until the broker confirms them; `eventsPending` serves the sweeper's index. */
export interface CarriesEvents<E = unknown> {
  pendingEvents: E[];
  eventsPending: boolean;
  /** Counts the writes that appended events (`appendingEvents`); the outbox guarded by it clears only what it read. */
  changeSeq?: number;
  /** Published events an outbox `keeps` until `keptUntil`, in case the queue they went to dies with its process. */
  keptEvents?: E[];
  keptUntil?: Date | null;
}

/** Past this, an event on a queue that lives with the process (the embedded default's) has been consumed in that process. */
export const KEEP_PUBLISHED_MS = 60_000;
const REARM_BATCH = 500;

export const carrying = <E>(events: E[]): CarriesEvents<E> => ({ pendingEvents: events, eventsPending: events.length > 0 });

/**
 * Sets `fields` and appends `events` to those still waiting, for when another change's events may not be announced yet. It
 * bumps `changeSeq`, so an outbox guarded by it does not clear them when announcing what it read before this write.
 */
export function appendingEvents<E>(events: E[], fields: Record<string, unknown>): Update {
  if (events.length === 0) return { $set: fields };
  return { $set: { ...fields, eventsPending: true }, $push: { pendingEvents: { $each: events } }, $inc: { changeSeq: 1 } };
}

export interface OutboxFields<T extends CarriesEvents> {
  agedBy: keyof T & string;
  /** Equal only while no later change replaced the events (default `agedBy`); clearing is conditional on it. */
  guardedBy?: keyof T & string;
  keeps?: (event: T['pendingEvents'][number]) => boolean;
  now?: () => Date;
}

export function eventOutbox<T extends Doc & CarriesEvents>(collection: Collection<T>, fields: OutboxFields<T>) {
  const guard = fields.guardedBy ?? fields.agedBy;
  const now = fields.now ?? (() => new Date());
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
      // Partial: the many writes that leave a record's events confirmed add no entry.
      await collection.createIndex({ eventsPending: 1, [fields.agedBy]: 1 }, { partial: { eventsPending: true } });
      if (fields.keeps) await collection.createIndex({ keptUntil: 1 }, { sparse: true });
    },
    unannounced: (before: Date, limit: number, where: Filter = {}) =>
      collection.find({ ...where, eventsPending: true, [fields.agedBy]: { $lt: before } }, { sort: { [fields.agedBy]: 1 }, limit }),
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
    /** Forgets kept events whose time is up, by a compare-and-set on each record's `keptUntil`: safe for two replicas at once. */
    dropKept: () => collection.updateMany({ keptUntil: { $lt: now() } }, { $set: { keptEvents: [], keptUntil: null } }),
    /** On new broker queues: kept events wait to be published again; the guard moves, so no older read's announce clears them. */
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
