import request from 'supertest';
import { totpCode } from '../src/domain/totp';
import { expectContract } from '../../../test/support/contract';
import { mailedLink } from '../../../test/support/member-links';
import { bearer, newOwner, PASSWORD } from '../../../test/support/members';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();

const session = (email: string, factor: Record<string, string> = {}) =>
  request(platform.url)
    .post('/sessions')
    .send({ email, password: PASSWORD, ...factor });

describe('second factor (TOTP)', () => {
  it('when a member turns TOTP on, then a code or a recovery code signs in, by password or sign-in link, the secret is shown only at enrollment, and once it is off a password alone does', async () => {
    const { tenantId, key } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const started = await request(platform.url).post('/me/totp').set(bearer(owner.token));
    expect(started.status).toBe(201);
    expectContract(started, 'startTotpEnrollment');
    const { secret, otpauthUri } = started.body;
    expect(otpauthUri).toContain(`secret=${secret}`);
    const at = new Date();
    const confirmed = await request(platform.url)
      .post('/me/totp/confirm')
      .set(bearer(owner.token))
      .send({ code: totpCode(secret, at) });
    expect(confirmed.status).toBe(200);
    expectContract(confirmed, 'confirmTotpEnrollment');
    const codes: string[] = confirmed.body.recoveryCodes;
    expect(new Set(codes).size).toBe(10);

    // The code that confirmed is spent; the next step's signs in.
    const next = totpCode(secret, new Date(at.getTime() + 30_000));
    const byCode = await session(owner.email, { totpCode: next });
    expect(byCode.status).toBe(201);
    expectContract(byCode, 'createSession');
    expect((await session(owner.email, { recoveryCode: codes[0].toUpperCase() })).status).toBe(201);

    const records = (await request(platform.url).get('/audit-log').query({ targetId: owner.id }).set(bearer(key))).body.data;
    // The last sign-in (by a recovery code) is recorded with its second factor, after the enrollment.
    expect(records[0]).toMatchObject({ operationId: 'createSession', changes: { method: 'password', secondFactor: true } });
    expect(records.find((r: { operationId: string }) => r.operationId !== 'createSession')).toMatchObject({
      operationId: 'confirmTotpEnrollment',
      changes: { totp: 'enabled' },
    });
    expect(JSON.stringify(records)).not.toContain(secret);
    for (const code of codes) expect(JSON.stringify(records)).not.toContain(code);

    // A sign-in link signs in with the second factor too.
    await request(platform.url).post('/sign-in-links').send({ email: owner.email }).expect(202);
    const { token } = await mailedLink(platform, owner.email, /sign-in link/, '/sign-in/link');
    const linked = await request(platform.url).post('/sign-in-links/confirm').send({ token, recoveryCode: codes[1] });
    expect(linked.status).toBe(201);

    const disabled = await request(platform.url).delete('/me/totp').set(bearer(linked.body.token)).send({ recoveryCode: codes[2] });
    expect(disabled.status).toBe(204);
    expectContract(disabled, 'disableTotp');
    expect((await session(owner.email)).status).toBe(201);
  });
});
