import type { Filter, Store, Update } from '@mailplane/store';

export interface DeliveryAttempt {
  at: Date;
  /** The endpoint's HTTP status, or null when none came (refused, timeout, connection error). */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** One event for one endpoint: retried until a 2xx, the end of the schedule, or the endpoint goes away. */
export interface DeliveryRecord {
  _id: string;
  /** `<event id>:<endpoint id>`, unique: a redelivered event never makes a second delivery. */
  key: string;
  tenantId: string;
  endpointId: string;
  event: { id: string; type: string; createdAt: string; data: unknown };
  status: 'pending' | 'succeeded' | 'failed' | 'cancelled';
  attempts: DeliveryAttempt[];
  nextAttemptAt: Date;
  leaseUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export function deliveriesRepo(store: Store) {
  const deliveries = store.collection<DeliveryRecord>('deliveries');
  return {
    async init() {
      await deliveries.createIndex({ key: 1 }, { unique: true });
      // start-up recovery: everything still pending
      await deliveries.createIndex({ status: 1, nextAttemptAt: 1 });
    },
    insert: (record: DeliveryRecord) => deliveries.insertOne(record),
    byKey: (key: string) => deliveries.findOne({ key }),
    byId: (id: string) => deliveries.findOne({ _id: id }),
    claim: (id: string, expect: Filter, update: Update) => deliveries.findOneAndUpdate({ _id: id, ...expect }, update),
    async change(id: string, expect: Filter, update: Update): Promise<boolean> {
      return (await deliveries.updateOne({ _id: id, ...expect }, update)).matched === 1;
    },
    pending: (limit: number) => deliveries.find({ status: 'pending' }, { sort: { nextAttemptAt: 1, _id: 1 }, limit }),
  };
}
export type DeliveriesRepo = ReturnType<typeof deliveriesRepo>;
