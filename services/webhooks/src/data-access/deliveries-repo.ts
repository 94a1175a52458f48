import { DuplicateKeyError, tenantScoped, type Store } from '@mailplane/store';

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
  /** The API request whose change the event announces, when one did: sent along as `Mailplane-Request-Id`. */
  requestId?: string | null;
}

export function deliveriesRepo(store: Store) {
  const all = store.collection<DeliveryRecord>('deliveries');
  const deliveries = tenantScoped(all);
  /** Writes only while the lease taken with `delivery` is still held: false when another worker took it over. */
  const whileLeased = async (delivery: DeliveryRecord, update: Parameters<typeof deliveries.updateOne>[2]) =>
    (await deliveries.updateOne(delivery.tenantId, { _id: delivery._id, leaseUntil: delivery.leaseUntil }, update)).matched === 1;
  return {
    async init() {
      await all.createIndex({ key: 1 }, { unique: true });
      // start-up recovery: everything still pending
      await all.createIndex({ status: 1, nextAttemptAt: 1 });
    },
    /** Stores a new delivery; for a redelivered event, the one its key already stored. */
    async insertOnce(record: DeliveryRecord): Promise<DeliveryRecord> {
      try {
        await all.insertOne(record);
        return record;
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
        return (await deliveries.findOne(record.tenantId, { key: record.key })) ?? record;
      }
    },
    byId: (tenantId: string, id: string) => deliveries.findOne(tenantId, { _id: id }),
    byKey: (tenantId: string, key: string) => deliveries.findOne(tenantId, { key }),
    /** Takes the lease of a pending delivery that is due and not held by another worker; null when it cannot. */
    claim: (tenantId: string, id: string, now: Date, leaseUntil: Date) =>
      all.findOneAndUpdate(
        { _id: id, tenantId, status: 'pending', nextAttemptAt: { $lte: now }, $or: [{ leaseUntil: null }, { leaseUntil: { $lt: now } }] },
        { $set: { leaseUntil } },
      ),
    /** Records a failed attempt and when to try again, releasing the lease. */
    retryLater: (delivery: DeliveryRecord, attempt: DeliveryAttempt, nextAttemptAt: Date, at: Date) =>
      whileLeased(delivery, { $set: { nextAttemptAt, leaseUntil: null, updatedAt: at }, $push: { attempts: attempt } }),
    /** Ends the delivery, with its last attempt when one was made. */
    finish: (delivery: DeliveryRecord, status: 'succeeded' | 'failed' | 'cancelled', attempt: DeliveryAttempt | null, at: Date) =>
      whileLeased(delivery, { $set: { status, leaseUntil: null, updatedAt: at }, ...(attempt ? { $push: { attempts: attempt } } : {}) }),
    /** Every tenant's pending deliveries, for start-up recovery to queue again. */
    pending: (limit: number) => all.find({ status: 'pending' }, { sort: { nextAttemptAt: 1, _id: 1 }, limit }),
  };
}
export type DeliveriesRepo = ReturnType<typeof deliveriesRepo>;
