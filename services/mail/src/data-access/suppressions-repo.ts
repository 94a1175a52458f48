import type { ReplicaCache } from '@mailplane/broker';
import { keptAfterPublish } from '@mailplane/runtime';
import type { Envelope } from '@mailplane/contracts';
import { DuplicateKeyError, auditedRecords, eventOutbox, withEvents, type AuditedRecord, type Store } from '@mailplane/store';

export type SuppressionReason = 'unsubscribed' | 'manual' | 'bounced' | 'complained';

export interface SuppressionRecord extends AuditedRecord<Envelope> {
  _id: string;
  email: string;
  reason: SuppressionReason;
  messageId: string | null;
  createdAt: Date;
}

type NewSuppression = Pick<SuppressionRecord, 'tenantId' | 'email' | 'reason' | 'messageId' | 'createdAt'>;

const suppressionId = (tenantId: string, email: string) => `${tenantId}:${email.toLowerCase()}`;

// The ttl bounds a lost notice; the margin covers an acceptance's own duration and the replicas' clocks.
export const QUIET_LIST_CACHE = { ttlMs: 60_000, max: 10_000 };
const QUIET_MARGIN_MS = 2000;

// Under 40 MB per replica: at most `max` tenants of `SHORT_LIST` addresses of at most 254 characters.
export const SHORT_LISTS_CACHE = { ttlMs: 60_000, max: 1_000 };
const SHORT_LIST = 128;

export interface SuppressionCaches {
  /** Per tenant, the time from which this replica heard of no address added to its list. */
  quiet: ReplicaCache<{ since: number }>;
  short: ReplicaCache<{ addresses: Set<string> | null }>;
}

export function suppressionsRepo(store: Store, { quiet, short }: SuppressionCaches) {
  const suppressions = store.collection<SuppressionRecord>('suppressions');
  const audited = auditedRecords(suppressions, { keeps: keptAfterPublish });
  // Records written before `changedAt` existed age by their creation, the only write that carried events then.
  const olderOutbox = eventOutbox(suppressions, { agedBy: 'createdAt', guardedBy: 'changeSeq' });
  const matching = (q?: string) => (q ? { $contains: { paths: ['email'], text: q } } : {});
  const byEmail = (tenantId: string, email: string) => audited.findOne(tenantId, { _id: suppressionId(tenantId, email) });
  // A removal's tombstone holds the address's id until its record is published: adding the address again revives
  // it, its record still waiting beside the new one.
  const revive = (record: SuppressionRecord, events: Envelope[]) =>
    suppressions.findOneAndUpdate(
      { _id: record._id, deletedAt: { $gt: new Date(0) } },
      withEvents(
        { $set: { email: record.email, reason: record.reason, messageId: record.messageId, createdAt: record.createdAt, deletedAt: null } },
        events,
        record.createdAt,
      ),
    );
  return {
    async init() {
      await suppressions.createIndex({ tenantId: 1, createdAt: -1 });
      await audited.init();
      await olderOutbox.init();
    },
    /** The record that holds the address, and whether it is new (only a new one wrote `events`). */
    async add(fields: NewSuppression, events: Envelope[]): Promise<{ record: SuppressionRecord; created: boolean }> {
      const record: SuppressionRecord = {
        _id: suppressionId(fields.tenantId, fields.email),
        ...fields,
        changedAt: fields.createdAt,
        changeSeq: 1,
        pendingEvents: events,
        eventsPending: events.length > 0,
      };
      try {
        await suppressions.insertOne(record);
        return { record, created: true };
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
        const revived = await revive(record, events);
        if (revived) return { record: revived, created: true };
        return { record: (await byEmail(record.tenantId, record.email)) as SuppressionRecord, created: false };
      } finally {
        quiet.forget(fields.tenantId);
        short.forget(fields.tenantId);
      }
    },
    async has(tenantId: string, email: string): Promise<boolean> {
      const { addresses } = await short.get(tenantId, async () => {
        const held = await audited.find(tenantId, {}, { limit: SHORT_LIST + 1 });
        return { addresses: held.length > SHORT_LIST ? null : new Set(held.map((r) => r.email.toLowerCase())) };
      });
      return addresses ? addresses.has(email.toLowerCase()) : (await byEmail(tenantId, email)) !== null;
    },
    /** Whether an address may have been added to the tenant's list since `at` (else a delivery need not look again). */
    async mayHaveGrownSince(tenantId: string, at: Date, now: Date): Promise<boolean> {
      const { since } = await quiet.get(tenantId, async () => ({ since: now.getTime() }));
      return at.getTime() < since + QUIET_MARGIN_MS;
    },
    list: (tenantId: string, q: string | undefined, page: { limit: number; offset: number }) =>
      audited.find(tenantId, matching(q), { sort: { createdAt: -1, _id: -1 }, skip: page.offset, limit: page.limit }),
    count: (tenantId: string, q?: string) => audited.count(tenantId, matching(q)),
    async remove(tenantId: string, email: string, events: Envelope[], at: Date) {
      try {
        return await audited.remove(tenantId, { _id: suppressionId(tenantId, email) }, events, at);
      } finally {
        short.forget(tenantId);
      }
    },
    dropTombstones: audited.dropTombstones,
    unannounced: async (before: Date, limit: number) => [
      ...(await audited.unannounced(before, limit)),
      ...(await olderOutbox.unannounced(before, limit, { changedAt: null })),
    ],
    announce: audited.announce,
    dropKept: audited.dropKept,
    rearmKept: audited.rearmKept,
  };
}
export type SuppressionsRepo = ReturnType<typeof suppressionsRepo>;
