import type { Store } from '@mailplane/store';

export type MemberLinkKind = 'reset' | 'sign-in';

/** A mailed one-time link of a member (a password reset or a sign-in): only the hash of its token's secret is kept. */
export interface MemberLinkRecord {
  _id: string;
  kind: MemberLinkKind;
  tenantId: string;
  memberId: string;
  secretHash: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

export function memberLinksRepo(store: Store) {
  const links = store.collection<MemberLinkRecord>('member_links');
  return {
    async init() {
      // Lapsed links leave by themselves; no read takes one past its expiry either.
      await links.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    },
    insert: (record: MemberLinkRecord) => links.insertOne(record),
    /** The one lookup without a tenant: the presented token is what names the link. */
    findForRedemption: (linkId: string) => links.findOne({ _id: linkId }),
    /** Compare-and-set: the one use of an unused, unexpired link; null when another use came first or it lapsed. */
    use: (link: Pick<MemberLinkRecord, '_id' | 'kind'>, now: Date) =>
      links.findOneAndUpdate({ _id: link._id, kind: link.kind, usedAt: null, expiresAt: { $gt: now } }, { $set: { usedAt: now } }),
  };
}
export type MemberLinksRepo = ReturnType<typeof memberLinksRepo>;
