import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '@mailplane/contracts';
import { DuplicateKeyError, tenantScoped, type Store } from '@mailplane/store';

export interface DeliveryAttempt {
  at: Date;
  /** The endpoint's HTTP status, or null when none came (refused, timeout, connection error). */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** The first 4 KiB of the answer; absent on older attempts. */
  responseBody?: string | null;
  responseBodyTruncated?: boolean;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';
export const SETTLED_STATUSES: DeliveryStatus[] = ['succeeded', 'failed', 'cancelled'];
export const REPLAYABLE_STATUSES: DeliveryStatus[] = ['failed', 'cancelled'];

/** The delivery log's filters; the tenant and endpoint are separate arguments so no query forgets them. */
export interface DeliveryFilter {
  status?: DeliveryStatus;
  eventType?: WebhookEventType;
  messageId?: string;
}

export interface DeliveryRecord {
  _id: string;
  /** `<event id>:<endpoint id>`, unique: a redelivered event never makes a second delivery. */
  key: string;
  tenantId: string;
  endpointId: string;
  event: { id: string; type: string; createdAt: string; data: unknown };
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  nextAttemptAt: Date;
  leaseUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
  redeliveredAt?: Date | null;
  /** How many attempts came before the current round (a redelivery starts a new one with the whole retry schedule). */
  roundStart?: number;
  /** The API request whose change the event announces, when one did: sent along as `Mailplane-Request-Id`. */
  requestId?: string | null;
  /** The work item that may attempt it now; an item naming an older dispatch is dropped, so a delivery never has two live items. */
  dispatchId?: string;
}

export interface ItemRef {
  tenantId: string;
  deliveryId: string;
  dispatchId?: string;
}

export const newDispatchId = (): string => randomUUID();

const logQuery = (endpointId: string, filter: DeliveryFilter) => ({
  endpointId,
  ...(filter.status ? { status: filter.status } : {}),
  ...(filter.eventType ? { 'event.type': filter.eventType } : {}),
  ...(filter.messageId ? { 'event.data.messageId': filter.messageId } : {}),
});

export function deliveriesRepo(store: Store) {
  const all = store.collection<DeliveryRecord>('deliveries');
  const deliveries = tenantScoped(all);
  /** Writes only while the lease taken with `delivery` is still held: false when another worker took it over. */
  const whileLeased = async (delivery: DeliveryRecord, update: Parameters<typeof deliveries.updateOne>[2]) =>
    (await deliveries.updateOne(delivery.tenantId, { _id: delivery._id, leaseUntil: delivery.leaseUntil }, update)).matched === 1;
  const unheld = (now: Date) => ({ $or: [{ leaseUntil: null }, { leaseUntil: { $lt: now } }] });
  /** An item queued before dispatch ids acts on any dispatch. */
  const dueFor = (item: ItemRef, now: Date) => ({
    _id: item.deliveryId,
    tenantId: item.tenantId,
    status: 'pending',
    nextAttemptAt: { $lte: now },
    ...(item.dispatchId ? { dispatchId: item.dispatchId } : {}),
    ...unheld(now),
  });
  const stillAsRead = (delivery: DeliveryRecord, now: Date) => ({
    _id: delivery._id,
    status: 'pending',
    dispatchId: delivery.dispatchId ?? null,
    ...unheld(now),
  });
  return {
    async init() {
      // In order: the key, the sweeper, the delivery log, one message's log (the dashboard), replay, retention.
      await all.createIndex({ key: 1 }, { unique: true });
      await all.createIndex({ status: 1, nextAttemptAt: 1 });
      await all.createIndex({ tenantId: 1, endpointId: 1, createdAt: -1 });
      await all.createIndex({ tenantId: 1, endpointId: 1, 'event.data.messageId': 1 });
      await all.createIndex({ tenantId: 1, endpointId: 1, status: 1, createdAt: 1 });
      await all.createIndex({ status: 1, createdAt: 1 });
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
    /** Null when the delivery is not due, not on the item's dispatch, or held by another worker. */
    claim: (item: ItemRef, now: Date, leaseUntil: Date) => all.findOneAndUpdate(dueFor(item, now), { $set: { leaseUntil } }),
    /** Defers a due delivery without an attempt. A move lost in a crash only leaves it due, so it need not wait for a commit. */
    postpone: (item: ItemRef, now: Date, until: Date) =>
      all.findOneAndUpdate(dueFor(item, now), { $set: { nextAttemptAt: until } }, { durability: 'with-next-write' }),
    /** A new dispatch (the old item, if left, is dropped); null when the delivery changed since it was read. */
    redispatch: (delivery: DeliveryRecord, now: Date) =>
      all.findOneAndUpdate(
        { ...stillAsRead(delivery, now), nextAttemptAt: delivery.nextAttemptAt },
        { $set: { dispatchId: newDispatchId(), nextAttemptAt: new Date(Math.max(delivery.nextAttemptAt.getTime(), now.getTime())) } },
      ),
    /** A pending delivery as read, due now on a new dispatch, as a redelivery asks; null when it changed since. */
    dueNow: (delivery: DeliveryRecord, now: Date) =>
      all.findOneAndUpdate(stillAsRead(delivery, now), {
        $set: { dispatchId: newDispatchId(), nextAttemptAt: now, redeliveredAt: now, updatedAt: now },
      }),
    retryLater: (delivery: DeliveryRecord, attempt: DeliveryAttempt, nextAttemptAt: Date, at: Date) =>
      whileLeased(delivery, { $set: { nextAttemptAt, leaseUntil: null, updatedAt: at }, $push: { attempts: attempt } }),
    finish: (delivery: DeliveryRecord, status: 'succeeded' | 'failed' | 'cancelled', attempt: DeliveryAttempt | null, at: Date) =>
      whileLeased(delivery, { $set: { status, leaseUntil: null, updatedAt: at }, ...(attempt ? { $push: { attempts: attempt } } : {}) }),
    pendingAfter: (afterId: string | undefined, limit: number) =>
      all.find({ status: 'pending', ...(afterId ? { _id: { $gt: afterId } } : {}) }, { sort: { _id: 1 }, limit }),
    overdue: (before: Date, now: Date, limit: number) =>
      all.find({ status: 'pending', nextAttemptAt: { $lt: before }, ...unheld(now) }, { sort: { nextAttemptAt: 1, _id: 1 }, limit }),
    list: (tenantId: string, endpointId: string, filter: DeliveryFilter, page: { limit: number; offset: number }) =>
      deliveries.find(tenantId, logQuery(endpointId, filter), { sort: { createdAt: -1, _id: -1 }, skip: page.offset, limit: page.limit }),
    count: (tenantId: string, endpointId: string, filter: DeliveryFilter) => deliveries.count(tenantId, logQuery(endpointId, filter)),
    replayable: (tenantId: string, endpointId: string, since: Date, limit: number) =>
      deliveries.find(
        tenantId,
        { endpointId, status: { $in: REPLAYABLE_STATUSES }, createdAt: { $gte: since } },
        { sort: { createdAt: 1, _id: 1 }, limit },
      ),
    /** Back to pending with a new round of retries; null when it changed since it was read (another redelivery won). */
    reopen: (delivery: DeliveryRecord, at: Date) =>
      all.findOneAndUpdate(
        { _id: delivery._id, tenantId: delivery.tenantId, status: delivery.status, updatedAt: delivery.updatedAt },
        {
          $set: {
            status: 'pending',
            nextAttemptAt: at,
            leaseUntil: null,
            redeliveredAt: at,
            roundStart: delivery.attempts.length,
            updatedAt: at,
            dispatchId: newDispatchId(),
          },
        },
      ),
    settledBefore: (cutoff: Date, limit: number) =>
      all.find({ status: { $in: SETTLED_STATUSES }, createdAt: { $lt: cutoff } }, { sort: { createdAt: 1 }, limit }),
    /** Deletes the given deliveries if they are still settled (a redelivery in between keeps one). */
    removeSettled: (ids: string[]) => all.deleteMany({ _id: { $in: ids }, status: { $in: SETTLED_STATUSES } }),
  };
}
export type DeliveriesRepo = ReturnType<typeof deliveriesRepo>;
