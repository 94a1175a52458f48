import { carrying, eventOutbox, type CarriesEvents, type Store } from '@mailplane/store';
import type { AuditLogRecord } from './audit-log-repo';
import type { TenantMember } from './members-repo';

/** Only the hash of its token's secret is kept. */
export interface SessionRecord extends CarriesEvents<AuditLogRecord> {
  _id: string;
  tenantId: string;
  memberId: string;
  secretHash: string;
  createdAt: Date;
  expiresAt: Date;
  /** Signed out (or all of the member's sessions ended) while its record still waited: over, kept until it moves. */
  endedAt?: Date;
}

export function sessionsRepo(store: Store) {
  const sessions = store.collection<SessionRecord>('sessions');
  // A session never changes after its sign-in: its creation is the outbox's age and guard.
  const audit = eventOutbox(sessions, { agedBy: 'createdAt' });
  const end = async (filter: Record<string, unknown>, at: Date) => {
    await sessions.updateMany({ ...filter, eventsPending: true }, { $set: { endedAt: at } });
    // Sessions from before sign-ins were recorded carry no outbox at all.
    await sessions.deleteMany({ ...filter, eventsPending: { $ne: true } });
  };
  return {
    async init() {
      await sessions.createIndex({ tenantId: 1, memberId: 1 });
      // Expired sessions leave by themselves (and no read sees one past its expiry).
      await sessions.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
      await audit.init();
    },
    audit,
    insert: (record: Omit<SessionRecord, keyof CarriesEvents>, signedIn: AuditLogRecord[]) =>
      sessions.insertOne({ ...record, ...carrying(signedIn) }).then(() => ({ ...record, ...carrying(signedIn) })),
    /** The one lookup without a tenant: the presented token is what names the session. */
    findForAuthentication: (sessionId: string) => sessions.findOne({ _id: sessionId }),
    end: ({ tenantId, sessionId }: { tenantId: string; sessionId: string }, at: Date) => end({ _id: sessionId, tenantId }, at),
    endAllOf: ({ tenantId, memberId }: TenantMember, at: Date) => end({ tenantId, memberId }, at),
  };
}
export type SessionsRepo = ReturnType<typeof sessionsRepo>;
