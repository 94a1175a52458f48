import { queuesMark, type Store } from '@mailplane/store';

/** Which broker queue the pending deliveries' work items (and endpoints' kept audit records) were put on. */
export const deliveriesQueueRepo = (store: Store) => queuesMark(store, 'deliveries_queue', 'deliveries');
export type DeliveriesQueueRepo = ReturnType<typeof deliveriesQueueRepo>;
