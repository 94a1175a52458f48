import { DuplicateKeyError, type Doc, type Store } from './port';

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
    /** Whether the mark is at `epoch` already: a start on these queues has nothing of older ones to recover. */
    isAt: async (epoch: string): Promise<boolean> => (await marks.findOne({ _id: id }))?.epoch === epoch,
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
