import type { ReplicaCache } from '@mailplane/broker';
import { keptAfterPublish } from '@mailplane/runtime';
import type { Envelope } from '@mailplane/contracts';
import { DuplicateKeyError, auditedRecords, eventOutbox, withEvents, type AuditedRecord, type Store } from '@mailplane/store';

export type SuppressionReason = 'unsubscribed' | 'manual' | 'bounced' | 'complained';

/**
 * `pendingEvents`: the `recipient.unsubscribed` event and a tenant's audit record, kept until the broker confirmed
 * them (transactional outbox).
 */
export interface SuppressionRecord extends AuditedRecord<Envelope> {
  /** `<tenantId>:<lowercased address>`: one record per recipient per tenant. */
  _id: string;
  email: string;
  reason: SuppressionReason;
  messageId: string | null;
  createdAt: Date;
}

type NewSuppression = Pick<SuppressionRecord, 'tenantId' | 'email' | 'reason' | 'messageId' | 'createdAt'>;

const suppressionId = (tenantId: string, email: string) => `${tenantId}:${email.toLowerCase()}`;

/**
 * Since when each replica knows that no address was added to a tenant's list (a notice forgets it on every replica).
 * The ttl bounds a lost notice; the margin covers an acceptance's own duration and the replicas' clocks.
 */
export const QUIET_LIST_CACHE = { ttlMs: 60_000, max: 10_000 };
const QUIET_MARGIN_MS = 2000;

/**
 * Each tenant's whole list while it is short, so that a send looks its recipients up in memory; forgotten with every
 * change of the list. At most `max` tenants of `SHORT_LIST` addresses (of at most 254 characters each): under 40 MB per replica.
 */
export const SHORT_LISTS_CACHE = { ttlMs: 60_000, max: 1_000 };
const SHORT_LIST = 128;

export interface SuppressionCaches {
  /** Per tenant, the time from which this replica heard of no address added to its list. */
  quiet: ReplicaCache<{ since: number }>;
  /** Per tenant, its lowercased addresses when there are at most `SHORT_LIST`; null: too many to hold. */
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
      // list: a tenant's suppressions, newest first
      await suppressions.createIndex({ tenantId: 1, createdAt: -1 });
      await audited.init();
      await olderOutbox.init();
    },
    /**
     * Adds the record, with `events`, unless the recipient is already suppressed; returns the record that holds, and
     * whether it is new (only a new one wrote its events).
     */
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
    /** Whether the address is on the tenant's list: from memory while the list is short. */
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
    /** Gone for the tenant at once; null when the address was not suppressed. */
    async remove(tenantId: string, email: string, events: Envelope[], at: Date) {
      try {
        return await audited.remove(tenantId, { _id: suppressionId(tenantId, email) }, events, at);
      } finally {
        short.forget(tenantId);
      }
    },
    dropTombstones: audited.dropTombstones,
    /** Sweeper, across tenants: records whose events the broker has not confirmed. */
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
