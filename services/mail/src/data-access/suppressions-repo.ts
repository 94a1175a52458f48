import type { Envelope } from '@mailplane/contracts';
import { DuplicateKeyError, eventOutbox, tenantScoped, type CarriesEvents, type Store } from '@mailplane/store';

export type SuppressionReason = 'unsubscribed' | 'manual' | 'bounced' | 'complained';

/** `pendingEvents`: the `recipient.unsubscribed` event, kept until the broker confirmed it (transactional outbox). */
export interface SuppressionRecord extends CarriesEvents<Envelope> {
  /** `<tenantId>:<lowercased address>`: one record per recipient per tenant. */
  _id: string;
  tenantId: string;
  email: string;
  reason: SuppressionReason;
  messageId: string | null;
  createdAt: Date;
}

const suppressionId = (tenantId: string, email: string) => `${tenantId}:${email.toLowerCase()}`;

export function suppressionsRepo(store: Store) {
  const suppressions = store.collection<SuppressionRecord>('suppressions');
  const tenant = tenantScoped(suppressions);
  const outbox = eventOutbox(suppressions, { agedBy: 'createdAt' });
  const matching = (q?: string) => (q ? { $contains: { paths: ['email'], text: q } } : {});
  const byEmail = (tenantId: string, email: string) => tenant.findOne(tenantId, { _id: suppressionId(tenantId, email) });
  return {
    async init() {
      // list: a tenant's suppressions, newest first
      await suppressions.createIndex({ tenantId: 1, createdAt: -1 });
      await outbox.init();
    },
    /** Adds the record unless the recipient is already suppressed; returns the record that holds, and whether it is new. */
    async add(fields: Omit<SuppressionRecord, '_id'>): Promise<{ record: SuppressionRecord; created: boolean }> {
      const record = { _id: suppressionId(fields.tenantId, fields.email), ...fields };
      try {
        await suppressions.insertOne(record);
        return { record, created: true };
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
        return { record: (await byEmail(record.tenantId, record.email)) as SuppressionRecord, created: false };
      }
    },
    byEmail,
    list: (tenantId: string, q: string | undefined, page: { limit: number; offset: number }) =>
      tenant.find(tenantId, matching(q), { sort: { createdAt: -1, _id: -1 }, skip: page.offset, limit: page.limit }),
    count: (tenantId: string, q?: string) => tenant.count(tenantId, matching(q)),
    remove: (tenantId: string, email: string) => tenant.deleteOne(tenantId, { _id: suppressionId(tenantId, email) }),
    /** Sweeper, across tenants: records whose event the broker has not confirmed. */
    unannounced: (before: Date, limit: number) => outbox.unannounced(before, limit),
    announce: outbox.announce,
  };
}
export type SuppressionsRepo = ReturnType<typeof suppressionsRepo>;
