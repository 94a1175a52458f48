import { carrying, tenantScoped, type Collection } from '@mailplane/store';
import type { Envelope } from '@mailplane/contracts';
import type { MessageRecord } from './message-record';

/** Every change is a compare-and-set on the status read: a release, reschedule, cancel and claim racing have one winner. */
export function scheduleQueries(messages: Collection<MessageRecord>, replica: string | null) {
  const tenant = tenantScoped(messages);
  const stillScheduled = (m: MessageRecord) => ({ _id: m._id, status: 'scheduled', nextAttemptAt: m.nextAttemptAt });
  return {
    dueScheduled: (now: Date, limit: number) =>
      messages.find({ status: 'scheduled', nextAttemptAt: { $lte: now } }, { sort: { nextAttemptAt: 1, _id: 1 }, limit }),

    releaseScheduled: (message: MessageRecord, now: Date, events: Envelope[]) =>
      messages.findOneAndUpdate(stillScheduled(message), {
        $set: { status: 'queued', nextAttemptAt: now, dispatchedAt: now, dispatchedBy: replica, updatedAt: now, ...carrying(events) },
      }),

    reschedule: (tenantId: string, id: string, at: Date, now: Date, events: (m: MessageRecord) => Envelope[]) =>
      changeScheduled(tenantId, id, (m) => ({ scheduledAt: at, nextAttemptAt: at, updatedAt: now, ...carrying(events(m)) })),

    cancel: (tenantId: string, id: string, now: Date, events: (m: MessageRecord) => Envelope[]) =>
      changeScheduled(tenantId, id, (m) => canceled(m, now, events(m))),

    /** As it was read: null once a worker claimed, attempted or otherwise changed it since. */
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

  // Computed from the message as read (its unpublished events kept); holds only if nothing moved it since.
  async function changeScheduled(tenantId: string, id: string, change: (m: MessageRecord) => Partial<MessageRecord>) {
    const current = await tenant.findOne(tenantId, { _id: id, status: 'scheduled' });
    if (!current) return null;
    return messages.findOneAndUpdate({ ...stillScheduled(current), tenantId }, { $set: change(current) });
  }
}
