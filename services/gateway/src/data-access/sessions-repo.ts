import type { Store } from '@mailplane/store';
import type { TenantMember } from './members-repo';

/** A member's signed-in session: only the hash of its token's secret is kept. */
export interface SessionRecord {
  _id: string;
  tenantId: string;
  memberId: string;
  secretHash: string;
  createdAt: Date;
  expiresAt: Date;
}

export function sessionsRepo(store: Store) {
  const sessions = store.collection<SessionRecord>('sessions');
  return {
    async init() {
      // endAllOf: a removed member's sessions
      await sessions.createIndex({ tenantId: 1, memberId: 1 });
      // Expired sessions leave by themselves (and no read sees one past its expiry).
      await sessions.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    },
    insert: (record: SessionRecord) => sessions.insertOne(record),
    /** The one lookup without a tenant: the presented token is what names the session. */
    findForAuthentication: (sessionId: string) => sessions.findOne({ _id: sessionId }),
    end: ({ tenantId, sessionId }: { tenantId: string; sessionId: string }) => sessions.deleteOne({ _id: sessionId, tenantId }),
    endAllOf: ({ tenantId, memberId }: TenantMember) => sessions.deleteMany({ tenantId, memberId }),
  };
}
export type SessionsRepo = ReturnType<typeof sessionsRepo>;
