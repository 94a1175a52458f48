import type { MessageStatus } from '@mailplane/contracts';
import type { Collection } from '@mailplane/store';
import type { MessageRecord } from './message-record';

const STATUSES: MessageStatus[] = ['queued', 'sending', 'deferred', 'sent', 'failed', 'suppressed'];

/**
 * What /metrics reads every scrape, across tenants, from indexes and count tables only (the store may hold
 * a million messages): never a scan of the messages themselves.
 */
export function opsQueries(messages: Collection<MessageRecord>) {
  return {
    /** Messages per status. SQLite: the (tenantId, status, identityId) count table; MongoDB: the (status, nextAttemptAt) index. */
    async countByStatus(): Promise<Record<MessageStatus, number>> {
      const counts = await Promise.all(STATUSES.map((status) => messages.count({ status })));
      return Object.fromEntries(STATUSES.map((status, i) => [status, counts[i]])) as Record<MessageStatus, number>;
    },
    /** The earliest due time of a queued or deferred message (the (status, nextAttemptAt) index, one entry per status). */
    async earliestDue(): Promise<Date | null> {
      const firsts = await Promise.all(
        ['queued', 'deferred'].map((status) => messages.find({ status }, { sort: { nextAttemptAt: 1 }, limit: 1 })),
      );
      const dues = firsts.flat().map((m) => m.nextAttemptAt.getTime());
      return dues.length ? new Date(Math.min(...dues)) : null;
    },
    /** Messages whose events the broker has not confirmed yet (the outbox's (eventsPending, updatedAt) index). */
    unannounced: () => messages.count({ eventsPending: true }),
  };
}
