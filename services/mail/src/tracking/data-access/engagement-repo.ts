import type { Envelope } from '@mailplane/contracts';
import { eventOutbox, tenantScoped, type CarriesEvents, type Store } from '@mailplane/store';

/** Counters are absent until the first of their kind. */
export interface EngagementRecord {
  _id: string;
  tenantId: string;
  opens?: number;
  machineOpens?: number;
  clicks?: number;
  machineClicks?: number;
  firstOpenedAt?: Date;
  lastOpenedAt?: Date;
  firstClickedAt?: Date;
  lastClickedAt?: Date;
  /** Goes with the message's record. */
  expiresAt: Date;
}

export interface EngagementEventRecord extends CarriesEvents<Envelope> {
  _id: string;
  tenantId: string;
  messageId: string;
  at: Date;
  /** Its URL and user agent go with the message's body. */
  expiresAt: Date;
}

export type EngagementKind = 'open' | 'click';

const COUNTERS = {
  open: { people: 'opens', machines: 'machineOpens', first: 'firstOpenedAt', last: 'lastOpenedAt' },
  click: { people: 'clicks', machines: 'machineClicks', first: 'firstClickedAt', last: 'lastClickedAt' },
} as const;

export function engagementRepo(store: Store) {
  const engagement = store.collection<EngagementRecord>('engagement');
  const events = store.collection<EngagementEventRecord>('engagement_events');
  const tenant = tenantScoped(engagement);
  const outbox = eventOutbox(events, { agedBy: 'at' });
  return {
    async init() {
      await engagement.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
      await events.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
      await outbox.init();
    },
    byMessage: (tenantId: string, messageId: string) => tenant.findOne(tenantId, { _id: messageId }),
    /** Atomic; answers the message's counts after it, so the batch whose people's count starts from 0 holds the first. */
    async count(
      tenantId: string,
      messageId: string,
      kind: EngagementKind,
      hits: { people: number; machines: number; firstAt?: Date; lastAt?: Date },
      expiresAt: Date,
    ): Promise<{ people: number; all: number }> {
      const c = COUNTERS[kind];
      const after = await engagement.findOneAndUpdate(
        { _id: messageId, tenantId },
        {
          $inc: { ...(hits.people > 0 ? { [c.people]: hits.people } : {}), ...(hits.machines > 0 ? { [c.machines]: hits.machines } : {}) },
          ...(hits.lastAt ? { $set: { [c.last]: hits.lastAt } } : {}),
          $setOnInsert: { _id: messageId, tenantId, expiresAt },
        },
        { upsert: true },
      );
      const people = (after?.[c.people] as number | undefined) ?? 0;
      const machines = (after?.[c.machines] as number | undefined) ?? 0;
      if (hits.people > 0 && people === hits.people) {
        await engagement.updateOne({ _id: messageId, tenantId }, { $set: { [c.first]: hits.firstAt } });
      }
      return { people, all: people + machines };
    },
    insertEvent: (record: EngagementEventRecord) => events.insertOne(record),
    unannounced: (before: Date, limit: number) => outbox.unannounced(before, limit),
    announce: outbox.announce,
  };
}
export type EngagementRepo = ReturnType<typeof engagementRepo>;
