import { carrying, tenantScoped, type Collection } from '@mailplane/store';
import type { Envelope } from '@mailplane/contracts';
import type { MessageRecord, MessageStatus, StoredReport } from './message-record';

/** Reports received after sending: appended with the status they lead to, only if the message did not change since it was read. */
export function reportQueries(messages: Collection<MessageRecord>) {
  const tenant = tenantScoped(messages);
  return {
    async recordReport(
      message: MessageRecord,
      report: StoredReport,
      status: MessageStatus,
      now: Date,
      events: Envelope[],
    ): Promise<boolean> {
      const result = await tenant.updateOne(
        message.tenantId,
        { _id: message._id, updatedAt: message.updatedAt },
        { $push: { reports: report }, $set: { status, updatedAt: now, ...carrying(events) } },
      );
      return result.matched === 1;
    },
  };
}
