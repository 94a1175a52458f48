import { carrying, tenantScoped, type Collection } from '@mailplane/store';
import type { Envelope } from '@mailplane/contracts';
import type { MessageRecord } from './message-record';

/**
 * Scheduled messages, and waiting ones canceled. Every change is a compare-and-set on the status read, so the release
 * at the due time, a reschedule, a cancel and a worker's claim racing each other (or two sweepers) have one winner.
 */
export function scheduleQueries(messages: Collection<MessageRecord>, replica: string | null) {
  const tenant = tenantScoped(messages);
  const stillScheduled = (m: MessageRecord) => ({ _id: m._id, status: 'scheduled', nextAttemptAt: m.nextAttemptAt });
  return {
    /** Scheduled messages whose time has come, earliest first (the sweeper's `(status, nextAttemptAt)` index). */
    dueScheduled: (now: Date, limit: number) =>
      messages.find({ status: 'scheduled', nextAttemptAt: { $lte: now } }, { sort: { nextAttemptAt: 1, _id: 1 }, limit }),

    /** Hands a due message to the outbox (`queued`, expected off the queue now); null when it changed meanwhile. */
    releaseScheduled: (message: MessageRecord, now: Date, events: Envelope[]) =>
      messages.findOneAndUpdate(stillScheduled(message), {
        $set: { status: 'queued', nextAttemptAt: now, dispatchedAt: now, dispatchedBy: replica, updatedAt: now, ...carrying(events) },
      }),

    /** Moves a message that is still scheduled; null when it is not (any more). */
    reschedule: (tenantId: string, id: string, at: Date, now: Date, events: (m: MessageRecord) => Envelope[]) =>
      changeScheduled(tenantId, id, (m) => ({ scheduledAt: at, nextAttemptAt: at, updatedAt: now, ...carrying(events(m)) })),

    /** Cancels a message that is still scheduled; null when it is not (any more). */
    cancel: (tenantId: string, id: string, now: Date, events: (m: MessageRecord) => Envelope[]) =>
      changeScheduled(tenantId, id, (m) => canceled(m, now, events(m))),

    /**
     * Cancels a message waiting on the queue (`queued`, or `deferred` between attempts) exactly as it was read: null
     * once a worker claimed it, attempted it or anything else changed it since.
     */
    cancelWaiting: (message: MessageRecord, now: Date, events: Envelope[]) =>
      messages.findOneAndUpdate(
        { _id: message._id, tenantId: message.tenantId, status: { $in: ['queued', 'deferred'] }, updatedAt: message.updatedAt },
        { $set: canceled(message, now, events) },
      ),
  };

  function canceled(m: MessageRecord, now: Date, events: Envelope[]): Partial<MessageRecord> {
    return {
      status: 'canceled',
      ...(m.recipients
        ? { recipients: m.recipients.map((r) => (r.status === 'pending' ? { ...r, status: 'canceled' as const } : r)) }
        : {}),
      updatedAt: now,
      ...carrying(events),
    };
  }

  // The change is computed from the message as read (its unpublished events are kept); the write holds only if
  // nothing moved it since.
  async function changeScheduled(tenantId: string, id: string, change: (m: MessageRecord) => Partial<MessageRecord>) {
    const current = await tenant.findOne(tenantId, { _id: id, status: 'scheduled' });
    if (!current) return null;
    return messages.findOneAndUpdate({ ...stillScheduled(current), tenantId }, { $set: change(current) });
  }
}
