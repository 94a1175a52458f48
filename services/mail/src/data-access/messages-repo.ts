import { keptAfterPublish } from '@mailplane/runtime';
import { PAGE } from '@mailplane/contracts';
import type { Filter, Store } from '@mailplane/store';
import { DuplicateKeyError, eventOutbox, tenantScoped } from '@mailplane/store';
import { deliveryQueries } from './message-delivery-queries';
import { opsQueries } from './message-ops-queries';
import { reportQueries } from './message-report-queries';
import { scheduleQueries } from './message-schedule-queries';
import { retentionQueries } from './message-retention-queries';
import { NOT_FINAL_STATUSES, type MessageRecord, type MessageStatus } from './message-record';

export type {
  AttachedFile,
  Attempt,
  AttemptChange,
  MessageBody,
  MessageKind,
  MessageRecord,
  MessageStatus,
  RecipientState,
  StoredReport,
} from './message-record';

export interface MessageQuery {
  identityId?: string;
  status?: MessageStatus;
  recipient?: string;
  q?: string;
  from?: Date;
  to?: Date;
}

function toFilter(query: MessageQuery): Filter {
  const filter: Filter = {};
  if (query.identityId) filter.identityId = query.identityId;
  if (query.status) filter.status = query.status;
  if (query.recipient) filter.recipientAddresses = query.recipient.toLowerCase();
  if (query.from || query.to) {
    filter.createdAt = { ...(query.from ? { $gte: query.from } : {}), ...(query.to ? { $lt: query.to } : {}) };
  }
  if (query.q) filter.$contains = { paths: ['subject', 'to'], text: query.q };
  return filter;
}

/** `replica` (this process's holder id) is written as `dispatchedBy` with every `dispatchedAt` set before the broker confirms. */
export function messagesRepo(store: Store, replica: string | null = null) {
  const messages = store.collection<MessageRecord>('messages');
  const stamped = (record: MessageRecord): MessageRecord => (record.dispatchedAt ? { ...record, dispatchedBy: replica } : record);
  const tenant = tenantScoped(messages);
  const outbox = eventOutbox(messages, { agedBy: 'updatedAt', keeps: keptAfterPublish });
  const { initRetention, ...retention } = retentionQueries(messages);
  return {
    async init() {
      // covering: a day's count reads index entries, not a million messages' documents
      await messages.createIndex({ tenantId: 1, createdAt: -1 }, { covering: true });
      await messages.createIndex({ tenantId: 1, status: 1, createdAt: -1 });
      await messages.createIndex({ tenantId: 1, identityId: 1, createdAt: -1 });
      await messages.createIndex({ tenantId: 1, status: 1, identityId: 1 }, { counts: true });
      await messages.createIndex({ subject: 1, to: 1 }, { text: true, within: ['tenantId'] });
      // Not-final statuses only: a message's last writes (its attempt, its events' announce) and a final one's later
      // writes add no entry.
      await messages.createIndex({ status: 1, nextAttemptAt: 1 }, { partial: { status: { $in: NOT_FINAL_STATUSES } } });
      await outbox.init();
      await initRetention();
    },
    insert: (record: MessageRecord) => messages.insertOne(stamped(record)),
    /** False when a message with this id is already stored: ids reserved by an Idempotency-Key are inserted once. */
    async insertNew(record: MessageRecord): Promise<boolean> {
      try {
        await messages.insertOne(stamped(record));
        return true;
      } catch (err) {
        if (err instanceof DuplicateKeyError) return false;
        throw err;
      }
    },
    /** False when one of the ids is already stored; then none of them is (one transaction on the embedded store). */
    async insertAllNew(records: MessageRecord[]): Promise<boolean> {
      try {
        await messages.insertMany(records.map(stamped));
        return true;
      } catch (err) {
        if (err instanceof DuplicateKeyError) return false;
        throw err;
      }
    },
    /** A tenant's endpoint now listens: its messages still ahead of an outcome announce it (the (tenantId, status) index). */
    announceLive: (tenantId: string) =>
      messages.updateMany({ tenantId, status: { $in: NOT_FINAL_STATUSES }, silent: true }, { $unset: { silent: '' } }),
    byIds: (tenantId: string, ids: string[]) => tenant.find(tenantId, { _id: { $in: ids } }),
    byId: (tenantId: string, id: string) => tenant.findOne(tenantId, { _id: id }),
    list: (tenantId: string, query: MessageQuery, page: { limit: number; offset: number }) =>
      tenant.find(tenantId, toFilter(query), { sort: { createdAt: -1, _id: -1 }, skip: page.offset, limit: page.limit }),
    /** A search counts up to the deepest position a page can reach; beyond it the exact number serves no page. */
    count: (tenantId: string, query: MessageQuery) =>
      tenant.count(tenantId, toFilter(query), query.q ? { limit: PAGE.maxOffset + PAGE.maxLimit } : undefined),
    ...deliveryQueries(messages, outbox, replica),
    ...opsQueries(messages),
    ...scheduleQueries(messages, replica),
    ...reportQueries(messages),
    ...retention,
  };
}
export type MessagesRepo = ReturnType<typeof messagesRepo>;
