import request from 'supertest';
import { totpCode } from '@mailplane/gateway';
import { enrollTotp } from '../../../../test/support/member-links';
import { bearer, freshEmail, newOwner } from '../../../../test/support/members';
import type { TestPlatform } from '../../../../test/support/platform';

type Tenant = { platform: TestPlatform; tenantId: string };
type Done = {
  res: request.Response;
  target: { type: string; id?: string };
  actor?: { type: string; id?: string };
  recordedAs?: string;
  reader?: string;
};

const signedInOwner = async (t: Tenant) => {
  const owner = await newOwner(t.platform, t.tenantId);
  return { ...owner, actor: { type: 'member', id: owner.id } };
};
const invite = (t: Tenant, token: string) =>
  request(t.platform.url)
    .post('/invitations')
    .set(bearer(token))
    .send({ email: freshEmail('invitee'), role: 'viewer' })
    .expect(201);

/** Invitations and the second factor: each audited change, made by a signed-in owner. */
export const MEMBER_AUDITED: Record<string, (t: Tenant) => Promise<Done>> = {
  createInvitation: async (t) => {
    const { token, actor } = await signedInOwner(t);
    const res = await invite(t, token);
    return { res, target: { type: 'invitation', id: res.body.id }, actor };
  },
  revokeInvitation: async (t) => {
    const { token, actor } = await signedInOwner(t);
    const { id } = (await invite(t, token)).body;
    const res = await request(t.platform.url).delete(`/invitations/${id}`).set(bearer(token)).expect(204);
    return { res, target: { type: 'invitation', id }, actor };
  },
  confirmTotpEnrollment: async (t) => {
    const { token, actor, id } = await signedInOwner(t);
    const started = await request(t.platform.url).post('/me/totp').set(bearer(token)).expect(201);
    const code = totpCode(started.body.secret, new Date());
    const res = await request(t.platform.url).post('/me/totp/confirm').set(bearer(token)).send({ code }).expect(200);
    return { res, target: { type: 'member', id }, actor };
  },
  disableTotp: async (t) => {
    const { token, actor, id } = await signedInOwner(t);
    const { recoveryCodes } = await enrollTotp(t.platform, token);
    const res = await request(t.platform.url).delete('/me/totp').set(bearer(token)).send({ recoveryCode: recoveryCodes[0] }).expect(204);
    return { res, target: { type: 'member', id }, actor };
  },
};

export const MEMBER_NOT_AUDITED: Record<string, string> = {
  startTotpEnrollment: 'an enrollment changes nothing until a code confirms it, which is recorded',
};
