import type { Role } from '@mailplane/contracts';
import { appendingEvents, eventOutbox, type CarriesEvents, type Store } from '@mailplane/store';
import type { TenantScope } from './api-keys-repo';
import type { AuditLogRecord } from './audit-log-repo';

/** Only the hash of its link's token is kept. */
export interface InvitationRecord extends CarriesEvents<AuditLogRecord> {
  _id: string;
  tenantId: string;
  email: string;
  role: Role;
  secretHash: string;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
  changedAt: Date;
  changeSeq: number;
}

export interface TenantInvitation extends TenantScope {
  invitationId: string;
}

// Neither accepted nor revoked nor expired at `now`: the only state in which a link works or a revocation applies.
const pending = (now: Date) => ({ acceptedAt: null, revokedAt: null, expiresAt: { $gt: now } });

export function invitationsRepo(store: Store) {
  const invitations = store.collection<InvitationRecord>('invitations');
  const audit = eventOutbox(invitations, { agedBy: 'changedAt', guardedBy: 'changeSeq' });
  return {
    async init() {
      await invitations.createIndex({ tenantId: 1, createdAt: 1 });
      await audit.init();
    },
    insert: (record: InvitationRecord) => invitations.insertOne(record),
    /** The one lookup without a tenant: the presented token is what names the invitation. */
    findForAcceptance: (invitationId: string) => invitations.findOne({ _id: invitationId }),
    listPending: ({ tenantId }: TenantScope, now: Date) =>
      invitations.find({ tenantId, ...pending(now) }, { sort: { createdAt: 1, _id: 1 } }),
    findPending: ({ tenantId, invitationId }: TenantInvitation, now: Date) =>
      invitations.findOne({ _id: invitationId, tenantId, ...pending(now) }),
    revoke: ({ tenantId, invitationId }: TenantInvitation, now: Date, record: AuditLogRecord) =>
      invitations.findOneAndUpdate(
        { _id: invitationId, tenantId, ...pending(now) },
        appendingEvents([record], { revokedAt: now, changedAt: now }),
      ),
    /** Null when another acceptance came first or the invitation lapsed. */
    accept: (invitationId: string, now: Date) =>
      invitations.findOneAndUpdate({ _id: invitationId, ...pending(now) }, { $set: { acceptedAt: now } }),
    /** Gives an acceptance back when the member could not be made (the address was taken meanwhile). */
    unaccept: (invitationId: string) => invitations.updateOne({ _id: invitationId }, { $set: { acceptedAt: null } }),
    audit,
  };
}
export type InvitationsRepo = ReturnType<typeof invitationsRepo>;
