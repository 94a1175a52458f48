import { DuplicateKeyError, type Doc, type Store } from '@mailplane/store';

interface QueueMark extends Doc {
  /** `Broker.queuesEpoch` of the queue the pending deliveries' work items were put on. */
  epoch: string;
}

/** Which broker queue the pending deliveries' work items are on: when it changes, the items on the old one are gone. */
export function deliveriesQueueRepo(store: Store) {
  const marks = store.collection<QueueMark>('deliveries_queue');
  return {
    /**
     * Records `epoch` as the queue's; true for the one caller (of several racing) that moved it from another or set
     * it first: one upsert that matches only another epoch, and collides on `_id` with a mark already at this one.
     */
    async moveTo(epoch: string): Promise<boolean> {
      try {
        await marks.updateOne({ _id: 'deliveries', epoch: { $ne: epoch } }, { $set: { epoch } }, { upsert: true });
        return true;
      } catch (err) {
        if (err instanceof DuplicateKeyError) return false;
        throw err;
      }
    },
  };
}
export type DeliveriesQueueRepo = ReturnType<typeof deliveriesQueueRepo>;
