import { idFloor } from '@mailplane/runtime';
import { DuplicateKeyError, type Filter, type Store } from '@mailplane/store';

export interface AuditLogRecord {
  _id: string;
  tenantId: string;
  at: Date;
  actor: { type: 'key' | 'member' | 'operator'; id: string; name: string };
  ip: string | null;
  userAgent: string | null;
  requestId: string;
  operationId: string;
  target: { type: string; id: string };
  changes: Record<string, unknown>;
  /** Fixed when the change is made, from the retention configured then. */
  expiresAt: Date;
}

/** `before`: the last id of the previous page. */
export interface AuditLogQuery {
  actorId?: string;
  targetId?: string;
  operationId?: string;
  from?: Date;
  to?: Date;
  before?: string;
}

// Ids sort by the time of their change, so a time range is an id range: every query is one range of one index.
function idRange(q: AuditLogQuery): Filter | undefined {
  const below = [q.before, q.to && idFloor('aud', q.to)].filter((b): b is string => Boolean(b)).sort()[0];
  const range = { ...(q.from ? { $gte: idFloor('aud', q.from) } : {}), ...(below ? { $lt: below } : {}) };
  return Object.keys(range).length > 0 ? range : undefined;
}

function filterOf(tenantId: string, q: AuditLogQuery): Filter {
  const filter: Filter = { tenantId };
  if (q.actorId) filter['actor.id'] = q.actorId;
  if (q.targetId) filter['target.id'] = q.targetId;
  if (q.operationId) filter.operationId = q.operationId;
  const ids = idRange(q);
  if (ids) filter._id = ids;
  return filter;
}

/** The log is append-only: records are inserted once and leave only by expiry. */
export function auditLogRepo(store: Store) {
  const log = store.collection<AuditLogRecord>('audit_log');
  return {
    async init() {
      await log.createIndex({ tenantId: 1, _id: -1 });
      await log.createIndex({ tenantId: 1, 'actor.id': 1, _id: -1 });
      await log.createIndex({ tenantId: 1, 'target.id': 1, _id: -1 });
      await log.createIndex({ tenantId: 1, operationId: 1, _id: -1 });
      await log.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    },
    /** Idempotent: a record moved twice (a sweep after a crash) is kept once, under its own id. */
    async insert(record: AuditLogRecord): Promise<void> {
      try {
        await log.insertOne(record);
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
      }
    },
    page: (tenantId: string, query: AuditLogQuery, limit: number) => log.find(filterOf(tenantId, query), { sort: { _id: -1 }, limit }),
  };
}
export type AuditLogRepo = ReturnType<typeof auditLogRepo>;
