import type { Role } from '@mailplane/contracts';
import { appendingEvents, DuplicateKeyError, eventOutbox, type CarriesEvents, type Store } from '@mailplane/store';
import type { TenantScope } from './api-keys-repo';
import type { AuditLogRecord } from './audit-log-repo';

export interface MemberRecord extends CarriesEvents<AuditLogRecord> {
  _id: string;
  tenantId: string;
  email: string;
  /** Lowercased, while live and proven (an invitation accepted, the operator's owner): unique platform-wide, it signs in. */
  signInEmail?: string;
  /** The address, lowercased, of a live member added directly (not proven): it holds nothing outside its tenant. */
  unprovenEmail?: string;
  tenantEmail?: string;
  name: string;
  role: Role;
  passwordHash: string | null;
  createdAt: Date;
  removedAt: Date | null;
  /** The last audited change: the sweep waits until it is old enough. */
  changedAt: Date;
  /** Counts audited changes: moving the records clears them only if no change came after the read. */
  changeSeq: number;
  totpSecret?: string | null;
  totpPending?: string | null;
  /** The last TOTP step accepted: an older or equal one is refused (a code works once). */
  totpLastStep?: number;
  /** Digests of the unused recovery codes (totp.ts `recoveryCodeHash`): HMAC under `recoveryCodeSalt`, or SHA-256 without one. */
  recoveryCodeHashes?: string[];
  /** Absent or null on unsalted codes issued before salts existed. */
  recoveryCodeSalt?: string | null;
  /** Counts changes of the second factor: each is a compare-and-set on it, so a code or recovery code is spent once. */
  totpSeq?: number;
}

export type SecondFactorFields = Pick<
  MemberRecord,
  'totpSecret' | 'totpPending' | 'totpLastStep' | 'recoveryCodeHashes' | 'recoveryCodeSalt'
>;

export interface TenantMember extends TenantScope {
  memberId: string;
}

export const tenantEmailOf = (tenantId: string, email: string) => `${tenantId} ${email.toLowerCase()}`;

export function membersRepo(store: Store) {
  const members = store.collection<MemberRecord>('members');
  const audit = eventOutbox(members, { agedBy: 'changedAt', guardedBy: 'changeSeq' });
  const live = ({ tenantId, memberId }: TenantMember) => ({ _id: memberId, tenantId, removedAt: null });
  return {
    async init() {
      await members.createIndex({ signInEmail: 1 }, { unique: true, sparse: true });
      await members.createIndex({ unprovenEmail: 1, createdAt: 1 });
      await members.createIndex({ tenantEmail: 1 }, { unique: true, sparse: true });
      await members.createIndex({ tenantId: 1, removedAt: 1, createdAt: 1 });
      await audit.init();
    },
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
    update: (key: TenantMember, fields: Partial<Pick<MemberRecord, 'name' | 'role'>>, at: Date, record: AuditLogRecord) =>
      members.findOneAndUpdate(live(key), appendingEvents([record], { ...fields, changedAt: at })),
    setPassword: (key: TenantMember, passwordHash: string, at: Date, record: AuditLogRecord) =>
      members.findOneAndUpdate(live(key), appendingEvents([record], { passwordHash, changedAt: at })),
    /** Null when another change of the second factor came after `seq` (a code spent by a racing request). */
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
    audit,
  };
}
export type MembersRepo = ReturnType<typeof membersRepo>;
