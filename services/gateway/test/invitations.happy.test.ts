import request from 'supertest';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { mailedLink } from '../../../test/support/member-links';
import { bearer, freshEmail, newMember, newOwner, notSignIn, PASSWORD, signIn } from '../../../test/support/members';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();

const auditOf = async (key: string, targetId: string) =>
  ((await request(platform.url).get('/audit-log').query({ targetId }).set(bearer(key))).body.data as Array<Record<string, unknown>>).filter(
    notSignIn,
  );

const invite = (by: string, email: string, role = 'developer') =>
  request(platform.url).post('/invitations').set(bearer(by)).send({ email, role });

describe('invitations', () => {
  it('when an owner invites an address, then the sandbox MTA receives a signed mail from the system sender whose dashboard link makes the member and signs them in', async () => {
    const { tenantId, key } = await platform.newTenant('Acme');
    const owner = await newOwner(platform, tenantId);
    const email = freshEmail('invitee');
    const made = await invite(owner.token, email, 'admin');
    expect(made.status).toBe(201);
    expectContract(made, 'createInvitation');
    expect(made.body).toMatchObject({ email, role: 'admin', emailed: true });
    expect(made.body.acceptUrl).toBeUndefined();
    const listed = await request(platform.url).get('/invitations').set(bearer(owner.token));
    expectContract(listed, 'listInvitations');
    expect(listed.body.data.map((i: { id: string }) => i.id)).toEqual([made.body.id]);

    const { message, url, token } = await mailedLink(platform, email, /invited to a team/, '/accept-invitation');
    expect(message.headers.find((h) => h.name.toLowerCase() === 'from')?.value).toContain('no-reply@sandbox.mailplane.test');
    expect(message.dkim?.result).toBe('pass');
    expect(url.origin).toBe(new URL(platform.dashboardUrl).origin);
    expect(message.text).toContain(`team ${tenantId} invited you to join it as an admin`);

    const accepted = await request(platform.url).post('/invitations/accept').send({ token, name: 'Ivy', password: PASSWORD });
    expect(accepted.status).toBe(201);
    expectContract(accepted, 'acceptInvitation');
    expect(accepted.body.member).toMatchObject({ email, name: 'Ivy', role: 'admin' });
    const me = await request(platform.url).get('/me').set(bearer(accepted.body.token));
    expect(me.body).toMatchObject({ tenantId, type: 'member', email, role: 'admin' });
    expect(await signIn(platform, email)).toMatch(/^mps_/);
    expect((await request(platform.url).get('/invitations').set(bearer(owner.token))).body.data).toEqual([]);

    const memberId = accepted.body.member.id;
    const [invited] = await auditOf(key, made.body.id);
    expect(invited).toMatchObject({
      operationId: 'createInvitation',
      actor: { type: 'member', id: owner.id },
      changes: { email, role: 'admin', emailed: true },
    });
    const [joined] = await auditOf(key, memberId);
    expect(joined).toMatchObject({ operationId: 'acceptInvitation', actor: { type: 'member', id: memberId, name: 'Ivy' } });
    expect(JSON.stringify([invited, joined])).not.toContain(token.slice(-43));
  });

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
      expectProblem(res, 410, 'link_invalid');
      expect(res.body.detail).toBe('This link is unknown, used, revoked or expired; ask for a new one.');
    }
    const members = await request(platform.url).get('/members').set(bearer(owner.token));
    expect(members.body.data.map((m: { email: string }) => m.email)).toEqual([owner.email, used]);
    expectProblem(await request(platform.url).delete(`/invitations/${revokedMade.body.id}`).set(bearer(owner.token)), 404, 'not_found');
  });

  it('when an admin invites an owner, a developer invites anyone, or the address is a member already, then nothing is sent', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const admin = await newMember(platform, owner.token, 'admin');
    const developer = await newMember(platform, owner.token, 'developer');
    const before = platform.sandbox.sink.count();
    expectProblem(await invite(admin.token, freshEmail(), 'owner'), 403, 'forbidden');
    expectProblem(await invite(developer.token, freshEmail()), 403, 'forbidden');
    expectProblem(await invite(owner.token, developer.email.toUpperCase()), 409, 'already_exists');
    const viewer = freshEmail('viewer');
    expect((await invite(admin.token, viewer, 'viewer')).status).toBe(201);
    expect((await request(platform.url).get('/invitations').set(bearer(owner.token))).body.data).toHaveLength(1);
    await mailedLink(platform, viewer, /invited/, '/accept-invitation');
    expect(platform.sandbox.sink.count()).toBe(before + 1);
  });
});
