import { carrying, tenantScoped, type Collection, type EventOutbox } from '@mailplane/store';
import type { Envelope } from '@mailplane/contracts';
import { FINAL_STATUSES as FINAL, type Attempt, type AttemptChange, type MessageRecord, type RecipientState } from './message-record';

const LIVE = ['queued', 'deferred'];
const pick = ({
  status,
  updatedAt,
  leaseUntil,
  sentAt,
  nextAttemptAt,
  dispatchedAt,
  pendingEvents,
  eventsPending,
  recipients,
}: AttemptChange) => ({
  status,
  recipients,
  updatedAt,
  leaseUntil,
  sentAt,
  nextAttemptAt,
  dispatchedAt,
  pendingEvents,
  eventsPending,
});
const stillHeld = (message: MessageRecord) => ({ _id: message._id, status: 'sending', leaseUntil: message.leaseUntil });

/** Across tenants by message id (work items and sweeps carry the id alone): nothing that answers a tenant may call these. */
export function deliveryQueries(messages: Collection<MessageRecord>, outbox: EventOutbox<MessageRecord>, replica: string | null) {
  const tenant = tenantScoped(messages);
  return {
    anyTenantById: (id: string) => messages.findOne({ _id: id }),

    /** Null when not due or held; a queued or deferred message's events went out before its work item, so they are forgotten. */
    claimDue: (id: string, leaseUntil: Date, now: Date) =>
      messages.findOneAndUpdate(
        {
          _id: id,
          $or: [
            { status: { $in: LIVE }, nextAttemptAt: { $lte: now } },
            { status: 'sending', leaseUntil: { $lt: now } },
          ],
        },
        { $set: { status: 'sending', leaseUntil, updatedAt: now, ...carrying([]) } },
      ),

    /** False once the lease is lost; a `handedOver` attempt (a 250) is recorded while not final, whoever holds it now. */
    async recordAttempt(held: MessageRecord, change: AttemptChange, attempt: Attempt, how: { handedOver: boolean }): Promise<boolean> {
      // A deferred message goes back on the queue after this write: this replica answers for it until confirmed.
      const update = { $set: { ...pick(change), dispatchedBy: replica }, $push: { attempts: attempt } };
      const filter = how.handedOver ? { _id: held._id, status: { $in: [...LIVE, 'sending'] } } : stillHeld(held);
      return (await tenant.updateOne(held.tenantId, filter, update)).matched === 1;
    },

    async release(held: MessageRecord, now: Date): Promise<void> {
      const status = held.attempts.length === 0 ? 'queued' : 'deferred';
      await tenant.updateOne(held.tenantId, stillHeld(held), { $set: { status, leaseUntil: null, updatedAt: now } });
    },

    /** False when the lease was lost meanwhile. */
    async recordSuppressed(held: MessageRecord, now: Date, recipients: RecipientState[], events: Envelope[]): Promise<boolean> {
      const change = { status: 'suppressed', recipients, updatedAt: now, leaseUntil: null, ...carrying(events) };
      return (await tenant.updateOne(held.tenantId, stillHeld(held), { $set: change })).matched === 1;
    },

    async dispatched(message: MessageRecord, dispatchedAt: Date): Promise<void> {
      const change = { dispatchedAt, dispatchedBy: null, ...carrying([]) };
      await tenant.updateOne(message.tenantId, { _id: message._id, updatedAt: message.updatedAt }, { $set: change });
    },

    async undispatched(message: MessageRecord): Promise<void> {
      await tenant.updateOne(message.tenantId, { _id: message._id, updatedAt: message.updatedAt }, { $set: { dispatchedAt: null } });
    },

    /** Stored but never confirmed on the queue (after `graceMs`), off it long past their time, or held past their lease. */
    async dueForDispatch(now: Date, ages: { graceMs: number; redispatchAfterMs: number }, limit: number) {
      const before = (ms: number) => new Date(now.getTime() - ms);
      const live = { status: { $in: LIVE } };
      const overdue = { $lt: before(ages.redispatchAfterMs) };
      // Three queries rather than one $or: each starts from the (status, nextAttemptAt) index, where an $or
      // over a million stored messages made SQLite scan them all on every sweep.
      const sort = { nextAttemptAt: 1, _id: 1 } as const;
      const groups = await Promise.all(
        [
          { ...live, dispatchedAt: null, createdAt: { $lt: before(ages.graceMs) } },
          { ...live, dispatchedAt: overdue },
          { status: 'sending', leaseUntil: { $lt: now }, dispatchedAt: overdue },
        ].map((filter) => messages.find(filter, { sort, limit })),
      );
      const byDue = (a: MessageRecord, b: MessageRecord) =>
        a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
      const unique = new Map(groups.flat().map((m) => [m._id, m]));
      return [...unique.values()].sort(byDue).slice(0, limit);
    },

    /** What a dead replica dispatched unconfirmed since `since` (dispatching sets `nextAttemptAt`: its index finds them). */
    dispatchedBy: (gone: string, since: Date, limit: number) =>
      messages.find(
        { status: { $in: LIVE }, nextAttemptAt: { $gte: since }, dispatchedBy: gone },
        { sort: { nextAttemptAt: 1, _id: 1 }, limit },
      ),

    notFinal: (limit: number, afterId?: string) =>
      messages.find({ status: { $in: [...LIVE, 'sending'] }, ...(afterId ? { _id: { $gt: afterId } } : {}) }, { sort: { _id: 1 }, limit }),

    /** Off the queue (final or scheduled) and unconfirmed; a live message's events go with its next dispatch. */
    unannouncedFinal: (before: Date, limit: number) => outbox.unannounced(before, limit, { status: { $in: [...FINAL, 'scheduled'] } }),
    announce: outbox.announce,
    dropKept: outbox.dropKept,
    rearmKept: outbox.rearmKept,
  };
}
