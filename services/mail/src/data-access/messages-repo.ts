import type { Envelope, MessageKind, MessageStatus, Tag } from '@mailplane/contracts';
import type { Filter, Store, Update } from '@mailplane/store';

export type { MessageKind, MessageStatus };

export interface Attempt {
  at: Date;
  outcome: 'sent' | 'deferred' | 'failed';
  smtpCode: number | null;
  response: string;
  nextAttemptAt?: Date;
}

export interface MessageRecord {
  _id: string;
  tenantId: string;
  kind: MessageKind;
  status: MessageStatus;
  identityId: string;
  from: string;
  to: string;
  subject: string;
  text: string | null;
  html: string | null;
  replyTo: string | null;
  headers: Record<string, string>;
  tags: Tag[];
  metadata: Record<string, string>;
  attachments: { filename: string; content: string; contentType?: string }[];
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
  attempts: Attempt[];
  /** When the message is next due for a delivery attempt. */
  nextAttemptAt: Date;
  /** Last time it was put on the outbox queue; null until the broker confirmed the first time. */
  dispatchedAt: Date | null;
  /** A worker holds the message until then; after it a crashed worker's message is picked up again. */
  leaseUntil: Date | null;
  /** Events written with a status change and not yet confirmed by the broker (transactional outbox). */
  pendingEvents: Envelope[];
  eventsPending: boolean;
}

export interface MessageQuery {
  tenantId: string;
  identityId?: string;
  status?: MessageStatus;
  q?: string;
  from?: Date;
  to?: Date;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function toFilter(query: MessageQuery): Filter {
  const filter: Filter = { tenantId: query.tenantId };
  if (query.identityId) filter.identityId = query.identityId;
  if (query.status) filter.status = query.status;
  if (query.from || query.to) {
    filter.createdAt = { ...(query.from ? { $gte: query.from } : {}), ...(query.to ? { $lt: query.to } : {}) };
  }
  if (query.q) {
    const pattern = new RegExp(escapeRegex(query.q), 'i');
    filter.$or = [{ subject: pattern }, { to: pattern }];
  }
  return filter;
}

export function messagesRepo(store: Store) {
  const messages = store.collection<MessageRecord>('messages');
  return {
    async init() {
      // list / count: a tenant's messages newest first, optionally by status or identity
      await messages.createIndex({ tenantId: 1, createdAt: -1 });
      await messages.createIndex({ tenantId: 1, status: 1, createdAt: -1 });
      await messages.createIndex({ tenantId: 1, identityId: 1, createdAt: -1 });
      // sweeper: due messages never confirmed on the queue, or held by a worker whose lease ran out
      await messages.createIndex({ status: 1, nextAttemptAt: 1 });
      // sweeper: status changes whose events the broker has not confirmed
      await messages.createIndex({ eventsPending: 1 });
    },
    insert: (record: MessageRecord) => messages.insertOne(record),
    byId: (id: string) => messages.findOne({ _id: id }),
    byTenant: (tenantId: string, id: string) => messages.findOne({ _id: id, tenantId }),
    list: (query: MessageQuery, page: { limit: number; offset: number }) =>
      messages.find(toFilter(query), { sort: { createdAt: -1, _id: -1 }, skip: page.offset, limit: page.limit }),
    count: (query: MessageQuery) => messages.count(toFilter(query)),
    /** Compare-and-set on the message; false when `expect` no longer holds. */
    async change(id: string, expect: Filter, update: Update): Promise<boolean> {
      return (await messages.updateOne({ _id: id, ...expect }, update)).matched === 1;
    },
    claim: (id: string, expect: Filter, update: Update) => messages.findOneAndUpdate({ _id: id, ...expect }, update),
    find: (filter: Filter, limit: number) => messages.find(filter, { sort: { nextAttemptAt: 1, _id: 1 }, limit }),
  };
}
export type MessagesRepo = ReturnType<typeof messagesRepo>;
