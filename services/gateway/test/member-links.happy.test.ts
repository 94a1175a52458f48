import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { mailedLink } from '../../../test/support/member-links';
import { bearer, freshEmail, newMember, newOwner, signIn } from '../../../test/support/members';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();

const NEW_PASSWORD = 'a new password, long enough';

describe('password resets and sign-in links', () => {
  it('when a member resets their password by the mailed link, then the new password signs in and the reset is audited without it', async () => {
    const { tenantId, key } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const asked = await request(platform.url).post('/password-resets').send({ email: owner.email.toUpperCase() });
    expect(asked.status).toBe(202);
    expectContract(asked, 'requestPasswordReset');
    const { token, url } = await mailedLink(platform, owner.email, /Reset your Mailplane password/, '/reset-password');
    expect(url.origin).toBe(new URL(platform.dashboardUrl).origin);
    const done = await request(platform.url).post('/password-resets/confirm').send({ token, password: NEW_PASSWORD });
    expect(done.status).toBe(204);
    expectContract(done, 'confirmPasswordReset');
    expect(await signIn(platform, owner.email, NEW_PASSWORD)).toMatch(/^mps_/);
    const records = (
      await request(platform.url).get('/audit-log').query({ targetId: owner.id, operationId: 'confirmPasswordReset' }).set(bearer(key))
    ).body.data;
    expect(records[0]).toMatchObject({
      operationId: 'confirmPasswordReset',
      actor: { type: 'member', id: owner.id },
      changes: { password: 'reset' },
    });
    expect(JSON.stringify(records)).not.toContain(NEW_PASSWORD);
  });

  it('when a member asks for a sign-in link, then its mail signs them in', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const viewer = await newMember(platform, owner.token, 'viewer');
    const asked = await request(platform.url).post('/sign-in-links').send({ email: viewer.email });
    expect(asked.status).toBe(202);
    expectContract(asked, 'requestSignInLink');
    const { token } = await mailedLink(platform, viewer.email, /sign-in link/, '/sign-in/link');
    const session = await request(platform.url).post('/sign-in-links/confirm').send({ token });
    expect(session.status).toBe(201);
    expectContract(session, 'confirmSignInLink');
    expect(session.body.member).toMatchObject({ id: viewer.id, role: 'viewer' });
    expect((await request(platform.url).get('/me').set(bearer(session.body.token))).body).toMatchObject({ id: viewer.id });
  });

  it("when an address is nobody's, then the answer is the same 202 and no mail is sent", async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const nobody = freshEmail('nobody');
    for (const path of ['/password-resets', '/sign-in-links']) {
      const res = await request(platform.url).post(path).send({ email: nobody });
      expect([res.status, res.text]).toEqual([202, '']);
    }
    // A member's mail, asked for after, arrives: had anything been sent to nobody, it would have been made before it.
    await request(platform.url).post('/sign-in-links').send({ email: owner.email });
    await mailedLink(platform, owner.email, /sign-in link/, '/sign-in/link');
    expect(platform.sandbox.sink.messages().filter((m) => m.envelope.to.includes(nobody))).toEqual([]);
  });
});
