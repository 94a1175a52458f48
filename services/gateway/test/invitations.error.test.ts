import request from 'supertest';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { mailedLink } from '../../../test/support/member-links';
import { bearer, freshEmail, newMember, newOwner, PASSWORD } from '../../../test/support/members';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();

const invite = (by: string, email: string, role = 'developer') =>
  request(platform.url).post('/invitations').set(bearer(by)).send({ email, role });

describe('invitations refused', () => {
  it('when a link was used, revoked, or never issued, then accepting it is the same 410 link_invalid and makes nobody', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const [used, revoked] = [freshEmail('used'), freshEmail('revoked')];
    await invite(owner.token, used);
    const revokedMade = await invite(owner.token, revoked);
    const usedLink = await mailedLink(platform, used, /invited/, '/accept-invitation');
    const revokedLink = await mailedLink(platform, revoked, /invited/, '/accept-invitation');
    expect(
      (await request(platform.url).post('/invitations/accept').send({ token: usedLink.token, name: 'U', password: PASSWORD })).status,
    ).toBe(201);
    const revocation = await request(platform.url).delete(`/invitations/${revokedMade.body.id}`).set(bearer(owner.token));
    expect(revocation.status).toBe(204);
    expectContract(revocation, 'revokeInvitation');
    const forged = `${revokedLink.token.slice(0, -43)}${'A'.repeat(43)}`;
    const unknown = `mpi_${'0'.repeat(26)}_${'B'.repeat(43)}`;
    for (const token of [usedLink.token, revokedLink.token, forged, unknown]) {
      const res = await request(platform.url).post('/invitations/accept').send({ token, name: 'Again', password: PASSWORD });
      expectProblem(res, 410, 'link_invalid', 'acceptInvitation');
      expect(res.body.detail).toBe('This link is unknown, used, revoked or expired; ask for a new one.');
    }
    const members = await request(platform.url).get('/members').set(bearer(owner.token));
    expect(members.body.data.map((m: { email: string }) => m.email)).toEqual([owner.email, used]);
  });

  it('when an invitation was revoked already, then revoking it again is a 404 not_found', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const { id } = (await invite(owner.token, freshEmail('revoked'))).body;
    await request(platform.url).delete(`/invitations/${id}`).set(bearer(owner.token)).expect(204);
    expectProblem(await request(platform.url).delete(`/invitations/${id}`).set(bearer(owner.token)), 404, 'not_found', 'revokeInvitation');
  });

  it('when an admin invites an owner, a developer invites anyone, or the address is a member already, then it is refused and nothing is sent', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const admin = await newMember(platform, owner.token, 'admin');
    const developer = await newMember(platform, owner.token, 'developer');
    const before = platform.sandbox.sink.count();
    expectProblem(await invite(admin.token, freshEmail(), 'owner'), 403, 'forbidden', 'createInvitation');
    expectProblem(await invite(developer.token, freshEmail()), 403, 'forbidden', 'createInvitation');
    expectProblem(await invite(owner.token, developer.email.toUpperCase()), 409, 'already_exists', 'createInvitation');
    // An allowed invitation, made after, is the only one listed and the only mail: had a refused one been sent, it would have been made before it.
    const viewer = freshEmail('viewer');
    expect((await invite(admin.token, viewer, 'viewer')).status).toBe(201);
    expect((await request(platform.url).get('/invitations').set(bearer(owner.token))).body.data).toHaveLength(1);
    await mailedLink(platform, viewer, /invited/, '/accept-invitation');
    expect(platform.sandbox.sink.count()).toBe(before + 1);
  });
});
