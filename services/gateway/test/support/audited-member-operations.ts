import { totpCode } from '@mailplane/gateway';
import { enrollTotp } from '../../../../test/support/member-links';
import { bearer, freshEmail, newMember, newOwner, PASSWORD } from '../../../../test/support/members';
import { api, asOperator, created, operator, type Done, type Tenant as AnyTenant } from './audited-operations';

type Tenant = Pick<AnyTenant, 'platform' | 'tenantId'>;
const member = (id: string) => ({ type: 'member', id });

const signedInOwner = async (t: Tenant) => {
  const owner = await newOwner(t.platform, t.tenantId);
  return { ...owner, actor: { type: 'member', id: owner.id } };
};
const invite = (t: Tenant, token: string) =>
  created(
    api(t)
      .post('/invitations')
      .set(bearer(token))
      .send({ email: freshEmail('invitee'), role: 'viewer' }),
  );

/** Members, invitations and the second factor: each audited change, made by the operator or a signed-in owner. */
export const MEMBER_AUDITED: Record<string, (t: Tenant) => Promise<Done>> = {
  createOwner: async (t) => {
    const body = { email: freshEmail('owner'), name: 'Olive Owner', password: PASSWORD };
    const res = await created(api(t).post(`/admin/tenants/${t.tenantId}/owners`).set(asOperator).send(body));
    return { res, target: member(res.body.id), actor: operator };
  },
  createMember: async (t) => {
    const { token, actor } = await signedInOwner(t);
    const body = { email: freshEmail(), name: 'Dee Developer', role: 'developer', password: PASSWORD };
    const res = await created(api(t).post('/members').set(bearer(token)).send(body));
    return { res, target: member(res.body.id), actor };
  },
  updateMember: async (t) => {
    const { token, actor } = await signedInOwner(t);
    const { id } = await newMember(t.platform, token, 'viewer');
    const res = await created(api(t).patch(`/members/${id}`).set(bearer(token)).send({ role: 'developer' }), 200);
    return { res, target: member(id), actor };
  },
  removeMember: async (t) => {
    const { token, actor } = await signedInOwner(t);
    const { id } = await newMember(t.platform, token, 'viewer');
    return { res: await created(api(t).delete(`/members/${id}`).set(bearer(token)), 204), target: member(id), actor };
  },
  createInvitation: async (t) => {
    const { token, actor } = await signedInOwner(t);
    const res = await invite(t, token);
    return { res, target: { type: 'invitation', id: res.body.id }, actor };
  },
  revokeInvitation: async (t) => {
    const { token, actor } = await signedInOwner(t);
    const { id } = (await invite(t, token)).body;
    const res = await created(api(t).delete(`/invitations/${id}`).set(bearer(token)), 204);
    return { res, target: { type: 'invitation', id }, actor };
  },
  confirmTotpEnrollment: async (t) => {
    const { token, actor, id } = await signedInOwner(t);
    const started = await created(api(t).post('/me/totp').set(bearer(token)));
    const code = totpCode(started.body.secret, new Date());
    const res = await created(api(t).post('/me/totp/confirm').set(bearer(token)).send({ code }), 200);
    return { res, target: { type: 'member', id }, actor };
  },
  disableTotp: async (t) => {
    const { token, actor, id } = await signedInOwner(t);
    const { recoveryCodes } = await enrollTotp(t.platform, token);
    const res = await created(api(t).delete('/me/totp').set(bearer(token)).send({ recoveryCode: recoveryCodes[0] }), 204);
    return { res, target: { type: 'member', id }, actor };
  },
};

export const MEMBER_NOT_AUDITED: Record<string, string> = {
  startTotpEnrollment: 'an enrollment changes nothing until a code confirms it, which is recorded',
  deleteCurrentSession: 'a sign-out changes no setting of the tenant',
};
