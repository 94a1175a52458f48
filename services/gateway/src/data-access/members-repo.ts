import type { Role } from '@mailplane/contracts';
import { appendingEvents, DuplicateKeyError, eventOutbox, type CarriesEvents, type Store } from '@mailplane/store';
import type { TenantScope } from './api-keys-repo';
import type { AuditLogRecord } from './audit-log-repo';

/** A member carries the audit records of its changes (as its outbox's events) until they are moved to the log. */
export interface MemberRecord extends CarriesEvents<AuditLogRecord> {
  _id: string;
  tenantId: string;
  email: string;
  /**
   * The address, lowercased, while the member is live and the address proven (an invitation accepted, the operator's
   * owner): one such member per address on the whole platform, and the one that address signs in.
   */
  signInEmail?: string;
  /** The address, lowercased, of a live member added directly (not proven): it holds nothing outside its tenant. */
  unprovenEmail?: string;
  /** `<tenantId> <address lowercased>` while live: one live member per address in a tenant. */
  tenantEmail?: string;
  name: string;
  role: Role;
  /** `scrypt$N$r$p$salt$hash` (password.ts); null until the member has a password. */
  passwordHash: string | null;
  createdAt: Date;
  removedAt: Date | null;
  /** The last audited change: the sweep waits until it is old enough. */
  changedAt: Date;
  /** Counts audited changes: moving the records clears them only if no change came after the read. */
  changeSeq: number;
  /** The second factor (sealed TOTP secret) once confirmed; absent or null: none. */
  totpSecret?: string | null;
  /** A secret being enrolled, until a code of it confirms it. */
  totpPending?: string | null;
  /** The last TOTP step accepted: an older or equal one is refused (a code works once). */
  totpLastStep?: number;
  /** Digests of the unused recovery codes (totp.ts `recoveryCodeHash`): HMAC under `recoveryCodeSalt`, or SHA-256 without one. */
  recoveryCodeHashes?: string[];
  /** The key of this member's recovery-code digests; absent or null on codes issued before (unsalted). */
  recoveryCodeSalt?: string | null;
  /** Counts changes of the second factor: each is a compare-and-set on it, so a code or recovery code is spent once. */
  totpSeq?: number;
}

/** The second-factor fields a compare-and-set on `totpSeq` replaces. */
export type SecondFactorFields = Pick<
  MemberRecord,
  'totpSecret' | 'totpPending' | 'totpLastStep' | 'recoveryCodeHashes' | 'recoveryCodeSalt'
>;

export interface TenantMember extends TenantScope {
  memberId: string;
}

/** A member's address as its tenant's unique key. */
export const tenantEmailOf = (tenantId: string, email: string) => `${tenantId} ${email.toLowerCase()}`;

export function membersRepo(store: Store) {
  const members = store.collection<MemberRecord>('members');
  const audit = eventOutbox(members, { agedBy: 'changedAt', guardedBy: 'changeSeq' });
  const live = ({ tenantId, memberId }: TenantMember) => ({ _id: memberId, tenantId, removedAt: null });
  return {
    async init() {
      // bySignInEmail: sign-in looks a live member up by address, and no two live members share one
      await members.createIndex({ signInEmail: 1 }, { unique: true, sparse: true });
      // unprovenByEmail: the directly added members a password may sign in, when no member holds the address
      await members.createIndex({ unprovenEmail: 1, createdAt: 1 });
      // insert: no two live members of a tenant share an address
      await members.createIndex({ tenantEmail: 1 }, { unique: true, sparse: true });
      // listLive, countOwners: a tenant's live members
      await members.createIndex({ tenantId: 1, removedAt: 1, createdAt: 1 });
      // audit sweep: members whose audit records are not in the log yet
      await audit.init();
    },
    /** False when a live member has the address already (and nothing was written). */
    async insert(record: MemberRecord): Promise<boolean> {
      try {
        await members.insertOne(record);
        return true;
      } catch (err) {
        if (err instanceof DuplicateKeyError) return false;
        throw err;
      }
    },
    /** The one lookup without a tenant: the address signing in is what names the member (a proven one). */
    bySignInEmail: (email: string) => members.findOne({ signInEmail: email.toLowerCase() }),
    /** The live members added directly with this address, oldest first, at most `limit` (each of its own tenant). */
    unprovenByEmail: (email: string, limit: number) =>
      members.find({ unprovenEmail: email.toLowerCase(), removedAt: null }, { sort: { createdAt: 1, _id: 1 }, limit }),
    /** A live member of the tenant with this address, proven or not (members from before `tenantEmail` included). */
    byTenantEmail: ({ tenantId }: TenantScope, email: string) =>
      members.findOne({
        tenantId,
        removedAt: null,
        $or: [{ tenantEmail: tenantEmailOf(tenantId, email) }, { signInEmail: email.toLowerCase() }],
      }),
    findLive: (key: TenantMember) => members.findOne(live(key)),
    listLive: ({ tenantId }: TenantScope) => members.find({ tenantId, removedAt: null }, { sort: { createdAt: 1, _id: 1 } }),
    countOwners: ({ tenantId }: TenantScope) => members.count({ tenantId, removedAt: null, role: 'owner' }),
    /** Compare-and-set on a live member: `fields` set and `record` appended to its audit records; the member as changed. */
    update: (key: TenantMember, fields: Partial<Pick<MemberRecord, 'name' | 'role'>>, at: Date, record: AuditLogRecord) =>
      members.findOneAndUpdate(live(key), appendingEvents([record], { ...fields, changedAt: at })),
    /** A live member's new password hash, with `record` appended to its audit records; the member as changed. */
    setPassword: (key: TenantMember, passwordHash: string, at: Date, record: AuditLogRecord) =>
      members.findOneAndUpdate(live(key), appendingEvents([record], { passwordHash, changedAt: at })),
    /**
     * Compare-and-set on the second factor as read (`seq`): `fields` set, with `record` appended when the change is
     * audited; null when another change of it came first (a code or recovery code spent by a racing request).
     */
    setSecondFactor: (key: TenantMember, seq: number, fields: Partial<SecondFactorFields>, at: Date, record?: AuditLogRecord) =>
      members.findOneAndUpdate(
        { ...live(key), totpSeq: seq },
        record ? appendingEvents([record], { ...fields, totpSeq: seq + 1, changedAt: at }) : { $set: { ...fields, totpSeq: seq + 1 } },
      ),
    /** The member kept (its records must still move) but out of sign-in: its address is free again, here and everywhere. */
    remove: (key: TenantMember, at: Date, record: AuditLogRecord) =>
      members.findOneAndUpdate(live(key), {
        ...appendingEvents([record], { removedAt: at, changedAt: at }),
        $unset: { signInEmail: '', unprovenEmail: '', tenantEmail: '' },
      }),
    /** The outbox of audit records: `announce` moves a member's records, `unannounced` finds those a crash left. */
    audit,
  };
}
export type MembersRepo = ReturnType<typeof membersRepo>;
