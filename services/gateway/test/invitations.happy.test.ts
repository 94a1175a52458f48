import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { mailedLink } from '../../../test/support/member-links';
import { bearer, freshEmail, newOwner, notSignIn, PASSWORD, signIn } from '../../../test/support/members';
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

  it('when an owner revokes an invitation, then it leaves the list', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const [kept, revoked] = [await invite(owner.token, freshEmail('kept')), await invite(owner.token, freshEmail('revoked'))];
    const revocation = await request(platform.url).delete(`/invitations/${revoked.body.id}`).set(bearer(owner.token));
    expect(revocation.status).toBe(204);
    expectContract(revocation, 'revokeInvitation');
    const listed = await request(platform.url).get('/invitations').set(bearer(owner.token));
    expectContract(listed, 'listInvitations');
    expect(listed.body.data.map((i: { id: string }) => i.id)).toEqual([kept.body.id]);
  });
});
