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
}

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

export interface OutboxFields<T> {
  /** A Date written with every change that writes events: the sweeper waits until it is old enough. */
  agedBy: keyof T & string;
  /** Equal only while no later change replaced the events (default `agedBy`); clearing is conditional on it. */
  guardedBy?: keyof T & string;
}

/** The outbox side of a collection whose records carry events; one for every such collection. */
export function eventOutbox<T extends Doc & CarriesEvents>(collection: Collection<T>, fields: OutboxFields<T>) {
  const guard = fields.guardedBy ?? fields.agedBy;
  return {
    // sweeper: records whose events the broker has not confirmed, oldest change first
    init: () => collection.createIndex({ eventsPending: 1, [fields.agedBy]: 1 }),
    /** Records whose events were written before `before` and are still unconfirmed; `where` narrows them. */
    unannounced: (before: Date, limit: number, where: Filter = {}) =>
      collection.find({ ...where, eventsPending: true, [fields.agedBy]: { $lt: before } }, { sort: { [fields.agedBy]: 1 }, limit }),
    /** Publishes the record's events, then forgets them unless a later change wrote new ones meanwhile. */
    async announce(record: T, publish: (event: T['pendingEvents'][number]) => Promise<void>): Promise<void> {
      if (!record.eventsPending) return;
      for (const event of record.pendingEvents) await publish(event);
      await collection.updateOne(
        // null matches a record written before the guard existed, as it was read.
        { _id: record._id, eventsPending: true, [guard]: record[guard] ?? null },
        { $set: { pendingEvents: [], eventsPending: false } },
      );
    },
  };
}
export type EventOutbox<T extends Doc & CarriesEvents> = ReturnType<typeof eventOutbox<T>>;
