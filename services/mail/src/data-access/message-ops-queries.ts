import type { MessageStatus } from '@mailplane/contracts';
import type { Collection } from '@mailplane/store';
import type { MessageRecord } from './message-record';

const STATUSES: MessageStatus[] = ['queued', 'sending', 'deferred', 'sent', 'failed', 'suppressed'];

/** For /metrics at every scrape: indexes and count tables only, never a scan of the messages. */
export function opsQueries(messages: Collection<MessageRecord>) {
  return {
    async countByStatus(): Promise<Record<MessageStatus, number>> {
      const counts = await Promise.all(STATUSES.map((status) => messages.count({ status })));
      return Object.fromEntries(STATUSES.map((status, i) => [status, counts[i]])) as Record<MessageStatus, number>;
    },
    async earliestDue(): Promise<Date | null> {
      const firsts = await Promise.all(
        ['queued', 'deferred'].map((status) => messages.find({ status }, { sort: { nextAttemptAt: 1 }, limit: 1 })),
      );
      const dues = firsts.flat().map((m) => m.nextAttemptAt.getTime());
      return dues.length ? new Date(Math.min(...dues)) : null;
    },
    unannounced: () => messages.count({ eventsPending: true }),
  };
}
