import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import type { SinkMessage } from '../../../sandbox/smtp-sink';
import { linkIn, mailedLink } from '../../../test/support/member-links';
import { bearer, freshEmail, newOwner, PASSWORD, signIn } from '../../../test/support/members';
import { sharedPlatform } from '../../../test/support/platform';
import { travellingClock } from '../../../test/support/travelling-platform';

// Real time, so that the links' mail is delivered; jumps ahead past a link's end (the tests after those jumps do not travel).
const clock = travellingClock();
const platform = sharedPlatform({}, clock);

const NEW_PASSWORD = 'a new password, long enough';

describe('mailed links past their time', () => {
  it('when a password reset link is used after its hour, then 410 link_invalid, the old password still signs in and the sessions stay', async () => {
    const { tenantId, key } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    await request(platform.url).post('/password-resets').send({ email: owner.email }).expect(202);
    const { token } = await mailedLink(platform, owner.email, /Reset your Mailplane password/, '/reset-password');
    clock.travel(3600_000 + 1000);
    const late = await request(platform.url).post('/password-resets/confirm').send({ token, password: NEW_PASSWORD });
    expectProblem(late, 410, 'link_invalid', 'confirmPasswordReset');
    expect((await request(platform.url).get('/me').set(bearer(owner.token))).status).toBe(200);
    expect(await signIn(platform, owner.email, PASSWORD)).toMatch(/^mps_/);
    expectProblem(await request(platform.url).post('/sessions').send({ email: owner.email, password: NEW_PASSWORD }), 401, 'unauthorized');
    const records = (await request(platform.url).get('/audit-log').query({ targetId: owner.id }).set(bearer(key))).body.data;
    expect(records.map((r: { operationId: string }) => r.operationId)).not.toContain('confirmPasswordReset');
  });

  it('when a sign-in link is used after its 15 minutes, then 410 link_invalid and no session is opened', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    // One second short of its end the link still holds (shown on a first link), one second past it it does not.
    await request(platform.url).post('/sign-in-links').send({ email: owner.email }).expect(202);
    const first = await mailedLink(platform, owner.email, /sign-in link/, '/sign-in/link');
    clock.travel(15 * 60_000 - 1000);
    expect((await request(platform.url).post('/sign-in-links/confirm').send({ token: first.token })).status).toBe(201);
    await request(platform.url).post('/sign-in-links').send({ email: owner.email }).expect(202);
    const another = (m: SinkMessage) => m.envelope.to.includes(owner.email) && linkIn(m, '/sign-in/link').token !== first.token;
    const second = linkIn(
      await platform.sandbox.sink.waitFor((m) => /sign-in link/.test(m.subject) && another(m), 15_000),
      '/sign-in/link',
    );
    clock.travel(15 * 60_000 + 1000);
    const late = await request(platform.url).post('/sign-in-links/confirm').send({ token: second.token });
    expectProblem(late, 410, 'link_invalid', 'confirmSignInLink');
    expect(late.body.token).toBeUndefined();
  });
});

describe('mailed links used up, and a flood of them', () => {
  it('when a member has reset their password, then the sessions they had and the old password are 401 unauthorized and the link is spent (410)', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const other = await signIn(platform, owner.email);
    await request(platform.url).post('/password-resets').send({ email: owner.email }).expect(202);
    const { token } = await mailedLink(platform, owner.email, /Reset your Mailplane password/, '/reset-password');
    await request(platform.url).post('/password-resets/confirm').send({ token, password: NEW_PASSWORD }).expect(204);
    for (const session of [owner.token, other])
      expectProblem(await request(platform.url).get('/me').set(bearer(session)), 401, 'unauthorized', 'getMe');
    const oldPassword = await request(platform.url).post('/sessions').send({ email: owner.email, password: PASSWORD });
    expectProblem(oldPassword, 401, 'unauthorized', 'createSession');
    expect(await signIn(platform, owner.email, NEW_PASSWORD)).toMatch(/^mps_/);
    const again = await request(platform.url).post('/password-resets/confirm').send({ token, password: PASSWORD });
    expectProblem(again, 410, 'link_invalid', 'confirmPasswordReset');
    expect(await signIn(platform, owner.email, NEW_PASSWORD)).toMatch(/^mps_/);
  });

  it('when a sign-in link is used a second time, then 410 link_invalid and no session is opened', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    await request(platform.url).post('/sign-in-links').send({ email: owner.email }).expect(202);
    const { token } = await mailedLink(platform, owner.email, /sign-in link/, '/sign-in/link');
    expect((await request(platform.url).post('/sign-in-links/confirm').send({ token })).status).toBe(201);
    const again = await request(platform.url).post('/sign-in-links/confirm').send({ token });
    expectProblem(again, 410, 'link_invalid', 'confirmSignInLink');
    expect(again.body.token).toBeUndefined();
  });

  it('when one address asks for links over and over, then the 6th request in 15 minutes is a 429 with Retry-After, and another address is still served', async () => {
    const email = freshEmail('flood');
    for (let i = 0; i < 5; i++) await request(platform.url).post('/password-resets').send({ email }).expect(202);
    const refused = await request(platform.url).post('/sign-in-links').send({ email });
    expectProblem(refused, 429, 'rate_limited', 'requestSignInLink');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await request(platform.url)
      .post('/sign-in-links')
      .send({ email: freshEmail('other') })
      .expect(202);
  });
});
