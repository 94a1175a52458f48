import { queuesMark, type Store } from '@mailplane/store';

/** Which broker queue the outbox's live messages (and changes' kept audit records) were put on. */
export const outboxQueueRepo = (store: Store) => queuesMark(store, 'outbox_queue', 'outbox');
export type OutboxQueueRepo = ReturnType<typeof outboxQueueRepo>;
