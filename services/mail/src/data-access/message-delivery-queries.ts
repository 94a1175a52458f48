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

/**
 * The delivery worker's and the sweeper's queries. They work by message id across tenants, because a work
 * item or a sweep starts from the id alone; nothing that answers a tenant may call them.
 */
export function deliveryQueries(messages: Collection<MessageRecord>, outbox: EventOutbox<MessageRecord>, replica: string | null) {
  const tenant = tenantScoped(messages);
  return {
    anyTenantById: (id: string) => messages.findOne({ _id: id }),

    /**
     * Takes the lease on a due message (queued or deferred and due, or held past its lease); null when it is
     * not due or another worker holds it. Events of a queued or deferred message were published before its
     * work item was sent, so the claim forgets them.
     */
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

    /**
     * Appends the attempt with its status change, only while this worker's lease holds; false once it lost it.
     * A message `handedOver` to the MTA (a 250) is recorded while it is not final, whoever holds it now.
     */
    async recordAttempt(held: MessageRecord, change: AttemptChange, attempt: Attempt, how: { handedOver: boolean }): Promise<boolean> {
      // A deferred message goes back on the queue after this write: this replica answers for it until confirmed.
      const update = { $set: { ...pick(change), dispatchedBy: replica }, $push: { attempts: attempt } };
      const filter = how.handedOver ? { _id: held._id, status: { $in: [...LIVE, 'sending'] } } : stillHeld(held);
      return (await tenant.updateOne(held.tenantId, filter, update)).matched === 1;
    },

    /** Gives a held message back, unattempted this time, so any worker may claim it again. */
    async release(held: MessageRecord, now: Date): Promise<void> {
      const status = held.attempts.length === 0 ? 'queued' : 'deferred';
      await tenant.updateOne(held.tenantId, stillHeld(held), { $set: { status, leaseUntil: null, updatedAt: now } });
    },

    /** Ends a held message `suppressed`, with its event unless the broker already confirmed it. */
    /** False when the lease was lost meanwhile. */
    async recordSuppressed(held: MessageRecord, now: Date, recipients: RecipientState[], events: Envelope[]): Promise<boolean> {
      const change = { status: 'suppressed', recipients, updatedAt: now, leaseUntil: null, ...carrying(events) };
      return (await tenant.updateOne(held.tenantId, stillHeld(held), { $set: change })).matched === 1;
    },

    /** Put on the queue (events published, confirmed): expected off it at `dispatchedAt`, unless the message changed meanwhile. */
    async dispatched(message: MessageRecord, dispatchedAt: Date): Promise<void> {
      const change = { dispatchedAt, dispatchedBy: null, ...carrying([]) };
      await tenant.updateOne(message.tenantId, { _id: message._id, updatedAt: message.updatedAt }, { $set: change });
    },

    /** The broker refused it: never confirmed on the queue, for the sweeper's next round. */
    async undispatched(message: MessageRecord): Promise<void> {
      await tenant.updateOne(message.tenantId, { _id: message._id, updatedAt: message.updatedAt }, { $set: { dispatchedAt: null } });
    },

    /**
     * Messages the sweeper puts on the queue again: stored but never confirmed there (after `graceMs`, while
     * their request dispatches them), off the queue long past their expected time, or held past their lease.
     */
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

    /**
     * Live messages that `gone` (a replica that died) wrote as dispatched at or after `since`, before its broker
     * confirmed: found through the `(status, nextAttemptAt)` range, as dispatching sets `nextAttemptAt` with them.
     */
    dispatchedBy: (gone: string, since: Date, limit: number) =>
      messages.find(
        { status: { $in: LIVE }, nextAttemptAt: { $gte: since }, dispatchedBy: gone },
        { sort: { nextAttemptAt: 1, _id: 1 }, limit },
      ),

    /** When the queue died (a new in-process broker), the messages not yet final, in id order after `afterId`. */
    notFinal: (limit: number, afterId?: string) =>
      messages.find({ status: { $in: [...LIVE, 'sending'] }, ...(afterId ? { _id: { $gt: afterId } } : {}) }, { sort: { _id: 1 }, limit }),

    /**
     * Messages off the queue (final, or waiting for their scheduled time) whose events the broker has not confirmed;
     * a live message's events go with its next dispatch.
     */
    unannouncedFinal: (before: Date, limit: number) => outbox.unannounced(before, limit, { status: { $in: [...FINAL, 'scheduled'] } }),
    announce: outbox.announce,
    dropKept: outbox.dropKept,
    rearmKept: outbox.rearmKept,
  };
}
