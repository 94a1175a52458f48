import { DuplicateKeyError, type Doc, type Store } from '@mailplane/store';

interface QueueMark extends Doc {
  /** `Broker.queuesEpoch` of the queue the live messages' work items were put on. */
  epoch: string;
}

const ID = 'outbox';

/** Which broker queue the outbox's live messages are on: when it changes, the work items on the old one are gone. */
export function outboxQueueRepo(store: Store) {
  const marks = store.collection<QueueMark>('outbox_queue');
  return {
    /** Records `epoch` as the queue's; true for the one caller (of several racing) that moved it from another. */
    async moveTo(epoch: string): Promise<boolean> {
      const current = await marks.findOne({ _id: ID });
      if (current?.epoch === epoch) return false;
      if (current) return (await marks.updateOne({ _id: ID, epoch: current.epoch }, { $set: { epoch } })).matched === 1;
      try {
        await marks.insertOne({ _id: ID, epoch });
        return true;
      } catch (err) {
        if (err instanceof DuplicateKeyError) return false;
        throw err;
      }
    },
  };
}
export type OutboxQueueRepo = ReturnType<typeof outboxQueueRepo>;
