import type { Envelope } from '@mailplane/contracts';
import { auditedRecords, DuplicateKeyError, type AuditedRecord, type Store } from '@mailplane/store';
import { dayIncrements } from './day-increments';

export const REPUTATION_COUNTS = ['attempted', 'sent', 'bounced', 'complained'] as const;
export type ReputationCount = (typeof REPUTATION_COUNTS)[number];
export type ReputationCounts = Record<ReputationCount, number>;

export interface ReputationDay extends Partial<ReputationCounts> {
  _id: string;
  tenantId: string;
  epoch: number;
  identityId: string;
  day: string;
  expiresAt: Date;
}

export type SendingStatus = 'healthy' | 'under_review' | 'paused';

/**
 * `version` counts its changes, each a compare-and-set on it: of replicas deciding the same change one writes it.
 * `epoch` counts the resumes: outcomes count under the current one, so a resume starts the window afresh.
 */
export interface StandingRecord extends AuditedRecord<Envelope> {
  status: SendingStatus;
  since: Date;
  reason: string | null;
  epoch: number;
  version: number;
  /** Set by an operator's pause: no rate lifts it. */
  byOperator: boolean;
}

export type StandingChange = Pick<StandingRecord, 'status' | 'since' | 'reason' | 'epoch' | 'byOperator'>;

export function reputationRepo(store: Store, onLost: (err: unknown) => void, onFlushed: (tenantIds: Set<string>) => void) {
  const days = store.collection<ReputationDay>('reputation_days');
  const standings = store.collection<StandingRecord>('sending_standings');
  const audited = auditedRecords(standings);
  // This replica's last read of each tenant's standing, until when it is trusted.
  const remembered = new Map<string, { record: StandingRecord; until: number }>();
  const gathered = dayIncrements(days, onLost, (written) => onFlushed(new Set(written.map((w) => w.tenantId))));
  const initial = (tenantId: string, at: Date): StandingRecord => ({
    _id: tenantId,
    tenantId,
    status: 'healthy',
    since: at,
    reason: null,
    epoch: 0,
    version: 0,
    byOperator: false,
    changedAt: at,
    deletedAt: null,
    pendingEvents: [],
    eventsPending: false,
  });
  return {
    async init() {
      await days.createIndex({ tenantId: 1, epoch: 1, day: 1 });
      await days.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
      await standings.createIndex({ status: 1 });
      await audited.init();
    },
    add(key: Omit<ReputationDay, '_id' | keyof ReputationCounts>, counts: Partial<ReputationCounts>): void {
      gathered.add(`${key.tenantId}:${key.epoch}:${key.identityId}:${key.day}`, key, counts);
    },
    flush: gathered.flush,
    window: (tenantId: string, epoch: number, first: string) => days.find({ tenantId, epoch, day: { $gte: first } }),
    remember(record: StandingRecord, until: number): void {
      remembered.set(record.tenantId, { record, until });
    },
    remembered(tenantId: string, at: number): StandingRecord | null {
      const found = remembered.get(tenantId);
      if (found && found.until > at) return found.record;
      remembered.delete(tenantId);
      return null;
    },
    /** The tenant's standing; a tenant never seen is healthy (and gets its record, so that metrics count it). */
    async standing(tenantId: string, at: Date): Promise<StandingRecord> {
      const found = await audited.findOne(tenantId, { _id: tenantId });
      if (found) return found;
      try {
        await standings.insertOne(initial(tenantId, at));
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
      }
      return (await audited.findOne(tenantId, { _id: tenantId })) ?? initial(tenantId, at);
    },
    /** Changes the standing if it is still at `version`, with its events; the new record, or null when another change came first. */
    change: (from: StandingRecord, to: StandingChange, events: Envelope[], at: Date) =>
      audited.change(from.tenantId, { _id: from.tenantId, version: from.version }, { $set: to, $inc: { version: 1 } }, events, at),
    async countByStatus(): Promise<Record<SendingStatus, number>> {
      const [healthy, under_review, paused] = await Promise.all(
        (['healthy', 'under_review', 'paused'] as const).map((status) => standings.count({ status, deletedAt: null })),
      );
      return { healthy, under_review, paused };
    },
    unannounced: audited.unannounced,
    announce: audited.announce,
    dropKept: audited.dropKept,
    dropTombstones: audited.dropTombstones,
  };
}
export type ReputationRepo = ReturnType<typeof reputationRepo>;
