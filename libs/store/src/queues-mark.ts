import { DuplicateKeyError, type Doc, type Store } from './port';

/** A collection whose published audit records are kept a minute (`eventOutbox`'s `keeps`). */
export interface KeepsPublished {
  rearmKept(): Promise<number>;
}

interface MarkRecord extends Doc {
  /** `Broker.queuesEpoch` of the queues the work kept under this mark was put on. */
  epoch: string;
}

/**
 * Which broker queues a service's work was put on: when the epoch changes (an in-process broker is new with each
 * process), what was on the old queues is gone and must be put on the new ones.
 */
export function queuesMark(store: Store, collection: string, id: string) {
  const marks = store.collection<MarkRecord>(collection);
  return {
    /**
     * When the mark is not at `epoch`, the audit records published in the old queues' last minute died there if the
     * gateway had not taken them yet: each of `outboxes` puts its kept records back to be published again, each
     * record by a compare-and-set of its own (the gateway stores each once). Call it before `moveTo`, so that a
     * crash in between re-arms them again. Returns how many records.
     */
    async rearmKept(
      epoch: string,
      outboxes: readonly KeepsPublished[],
      log: { info(message: string, fields: { records: number }): void },
    ): Promise<number> {
      if ((await marks.findOne({ _id: id }))?.epoch === epoch) return 0;
      let records = 0;
      for (const outbox of outboxes) records += await outbox.rearmKept();
      if (records > 0) log.info('queues are new: kept audit records wait to be published again', { records });
      return records;
    },
    /**
     * Records `epoch` as the queues'; true for the one caller (of several racing) that moved it from another or set
     * it first: one upsert that matches only another epoch, and collides on `_id` with a mark already at this one.
     */
    async moveTo(epoch: string): Promise<boolean> {
      try {
        await marks.updateOne({ _id: id, epoch: { $ne: epoch } }, { $set: { epoch } }, { upsert: true });
        return true;
      } catch (err) {
        if (err instanceof DuplicateKeyError) return false;
        throw err;
      }
    },
  };
}
export type QueuesMark = ReturnType<typeof queuesMark>;
