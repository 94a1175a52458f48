import type { EmailReceived, Envelope } from '@mailplane/contracts';
import { DuplicateKeyError, eventOutbox, tenantScoped, type CarriesEvents, type Store } from '@mailplane/store';

export interface InboundAttachment {
  filename: string | null;
  contentType: string;
  size: number;
  contentId: string | null;
}

export interface InboundRecipient {
  address: string;
  routeId: string;
  action: 'webhook' | 'hold';
}

/** Stored once per tenant for all its recipients (`recipient`, `routeId`: the first); the raw message is a blob of the same id. */
export interface InboundMessageRecord extends CarriesEvents<Envelope> {
  _id: string;
  tenantId: string;
  routeId: string;
  action: 'webhook' | 'hold';
  recipient: string;
  /** Absent on records from before messages were stored once per tenant: the one recipient above. */
  recipients?: InboundRecipient[];
  routeIds?: string[];
  envelope: EmailReceived['envelope'];
  from: string;
  /** The From address, lowercased: finding what an automatic answer answered (loop detection). */
  fromAddress: string | null;
  subject: string;
  internetMessageId: string | null;
  inReplyToEmailId: string | null;
  attachments: InboundAttachment[];
  authentication: EmailReceived['authentication'];
  hops: number;
  /** The same bytes for the same recipients are stored once: an MTA that missed our 250 sends them again. */
  dedupKey: string;
  receivedAt: Date;
  bodyExpiresAt: Date;
  bodyPurgedAt: Date | null;
}

export interface InboundQuery {
  routeId?: string;
  emailId?: string;
}

export function inboundMessagesRepo(store: Store) {
  const messages = store.collection<InboundMessageRecord>('inbound_messages');
  const tenant = tenantScoped(messages);
  const outbox = eventOutbox(messages, { agedBy: 'receivedAt' });
  const filterOf = (q: InboundQuery) => ({
    // routeIds: any route of the message's recipients; routeId: records written before there was a list.
    ...(q.routeId ? { $or: [{ routeId: q.routeId }, { routeIds: q.routeId }] } : {}),
    ...(q.emailId ? { inReplyToEmailId: q.emailId } : {}),
  });
  return {
    async init() {
      await messages.createIndex({ tenantId: 1, receivedAt: -1 });
      await messages.createIndex({ tenantId: 1, routeId: 1, receivedAt: -1 });
      await messages.createIndex({ tenantId: 1, routeIds: 1, receivedAt: -1 });
      await messages.createIndex({ tenantId: 1, inReplyToEmailId: 1, receivedAt: -1 });
      await messages.createIndex({ dedupKey: 1 }, { unique: true });
      await messages.createIndex({ tenantId: 1, internetMessageId: 1 });
      await messages.createIndex({ tenantId: 1, fromAddress: 1, receivedAt: -1 });
      await messages.createIndex({ bodyPurgedAt: 1, bodyExpiresAt: 1 });
      await messages.createIndex({ receivedAt: 1 });
      await outbox.init();
    },
    /** False when one of them was stored before (a repeat of a transaction whose 250 was lost): none is written again. */
    async insertAll(records: InboundMessageRecord[]): Promise<boolean> {
      try {
        await messages.insertMany(records);
        return true;
      } catch (err) {
        if (err instanceof DuplicateKeyError) return false;
        throw err;
      }
    },
    byId: (tenantId: string, id: string) => tenant.findOne(tenantId, { _id: id }),
    /** The public attachment link names only the message: its signature was checked first. */
    anyTenantById: (id: string) => messages.findOne({ _id: id }),
    list: (tenantId: string, q: InboundQuery, page: { limit: number; offset: number }) =>
      tenant.find(tenantId, filterOf(q), { sort: { receivedAt: -1, _id: -1 }, skip: page.offset, limit: page.limit }),
    count: (tenantId: string, q: InboundQuery) => tenant.count(tenantId, filterOf(q)),
    byInternetMessageId: (tenantId: string, internetMessageId: string) => tenant.findOne(tenantId, { internetMessageId }),
    async latestFrom(tenantId: string, address: string, since: Date, until: Date) {
      const found = await tenant.find(
        tenantId,
        { fromAddress: address, receivedAt: { $gte: since, $lt: until } },
        { sort: { receivedAt: -1 }, limit: 1 },
      );
      return found[0] ?? null;
    },
    bodiesDue: (now: Date, limit: number) => messages.find({ bodyPurgedAt: null, bodyExpiresAt: { $lte: now } }, { limit }),
    bodyPurged: (id: string, at: Date) => messages.updateOne({ _id: id }, { $set: { bodyPurgedAt: at } }),
    recordsDue: (before: Date, limit: number) => messages.find({ receivedAt: { $lt: before } }, { limit }),
    remove: (id: string) => messages.deleteOne({ _id: id }),
    async storedIds(ids: string[]): Promise<Set<string>> {
      return new Set((await messages.find({ _id: { $in: ids } })).map((m) => m._id));
    },
    unannounced: (before: Date, limit: number) => outbox.unannounced(before, limit),
    announce: outbox.announce,
  };
}
export type InboundMessagesRepo = ReturnType<typeof inboundMessagesRepo>;
