import request from 'supertest';
import { totpCode } from '../src/domain/totp';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { enrollTotp, mailedLink } from '../../../test/support/member-links';
import { bearer, newOwner, PASSWORD } from '../../../test/support/members';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();

const session = (email: string, factor: Record<string, string> = {}) =>
  request(platform.url)
    .post('/sessions')
    .send({ email, password: PASSWORD, ...factor });

describe('second factor (TOTP) refused', () => {
  it('when enrollment is confirmed with a wrong code, then 400 totp_invalid and the right code still confirms it', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const { secret } = (await request(platform.url).post('/me/totp').set(bearer(owner.token)).expect(201)).body;
    const wrong = await request(platform.url).post('/me/totp/confirm').set(bearer(owner.token)).send({ code: '000000' });
    expectProblem(wrong, 400, 'totp_invalid', 'confirmTotpEnrollment');
    expect((await session(owner.email)).status).toBe(201);
    const right = await request(platform.url)
      .post('/me/totp/confirm')
      .set(bearer(owner.token))
      .send({ code: totpCode(secret, new Date()) });
    expect(right.status).toBe(200);
    expectContract(right, 'confirmTotpEnrollment');
  });

  it('when a member with TOTP on signs in by password or sign-in link without a code, then 401 totp_required, and the link stays good until one is given', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const { recoveryCodes } = await enrollTotp(platform, owner.token);
    const byPassword = await session(owner.email);
    expectProblem(byPassword, 401, 'totp_required', 'createSession');
    expect(byPassword.body.token).toBeUndefined();
    await request(platform.url).post('/sign-in-links').send({ email: owner.email }).expect(202);
    const { token } = await mailedLink(platform, owner.email, /sign-in link/, '/sign-in/link');
    const byLink = await request(platform.url).post('/sign-in-links/confirm').send({ token });
    expectProblem(byLink, 401, 'totp_required', 'confirmSignInLink');
    expect(byLink.body.token).toBeUndefined();
    const linked = await request(platform.url).post('/sign-in-links/confirm').send({ token, recoveryCode: recoveryCodes[0] });
    expect(linked.status).toBe(201);
  });

  it('when a member with TOTP on starts enrolling again, then 409 already_exists', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    await enrollTotp(platform, owner.token);
    expectProblem(await request(platform.url).post('/me/totp').set(bearer(owner.token)), 409, 'already_exists', 'startTotpEnrollment');
  });

  it('when an API key asks for a second factor, then it is a 404: keys have none', async () => {
    const { key } = await platform.newTenant();
    expectProblem(await request(platform.url).post('/me/totp').set(bearer(key)), 404, 'not_found', 'startTotpEnrollment');
  });
});
