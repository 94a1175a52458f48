import { DuplicateKeyError, type Doc, type Store } from './port';

/** A collection whose published audit records are kept a minute (`eventOutbox`'s `keeps`). */
export interface KeepsPublished {
  rearmKept(): Promise<number>;
}

interface MarkRecord extends Doc {
  /** `Broker.queuesEpoch` of the queues the work kept under this mark was put on. */
  epoch: string;
}

/** An in-process broker's queues are new with each process: what the old epoch's queues held is gone and must be put again. */
export function queuesMark(store: Store, collection: string, id: string) {
  const marks = store.collection<MarkRecord>(collection);
  return {
    /**
     * On a new epoch, each outbox re-arms its kept records (audit records published in the old queues' last minute may have
     * died there), each by its own compare-and-set. Call before `moveTo`, so that a crash in between re-arms them again.
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
    /** True for the one racing caller that moved the mark or set it first: the upsert matches only another epoch, collides on `_id`. */
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
