import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { manualClock } from '@mailplane/runtime';
import { totpCode } from '../src/domain/totp';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { bearer, newOwner, PASSWORD, signIn } from '../../../test/support/members';
import { sharedPlatform } from '../../../test/support/platform';

const clock = manualClock(new Date());
const platform = sharedPlatform({}, clock);

/** An owner with TOTP on: the secret and the recovery codes. */
async function enrolled() {
  const { tenantId } = await platform.newTenant();
  const owner = await newOwner(platform, tenantId);
  const started = await request(platform.url).post('/me/totp').set(bearer(owner.token)).expect(201);
  const confirmed = await request(platform.url)
    .post('/me/totp/confirm')
    .set(bearer(owner.token))
    .send({ code: totpCode(started.body.secret, clock.now()) })
    .expect(200);
  return { owner, secret: started.body.secret as string, codes: confirmed.body.recoveryCodes as string[] };
}

describe('a second factor against a stolen session', () => {
  it('when wrong codes are given to remove it, then after 5 the right code is refused too (429) and the factor stays', async () => {
    const { owner, secret } = await enrolled();
    for (let i = 0; i < 5; i++) {
      const res = await request(platform.url).delete('/me/totp').set(bearer(owner.token)).send({ totpCode: '000000' });
      expectProblem(res, 400, 'totp_invalid', 'disableTotp');
    }
    clock.advance(30_000);
    const right = await request(platform.url)
      .delete('/me/totp')
      .set(bearer(owner.token))
      .send({ totpCode: totpCode(secret, clock.now()) });
    expectProblem(right, 429, 'rate_limited', 'disableTotp');
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    const signingIn = await request(platform.url).post('/sessions').send({ email: owner.email, password: PASSWORD });
    expectProblem(signingIn, 401, 'totp_required', 'createSession');
    // The window over, the right code removes it.
    clock.advance(15 * 60_000);
    await request(platform.url)
      .delete('/me/totp')
      .set(bearer(owner.token))
      .send({ totpCode: totpCode(secret, clock.now()) })
      .expect(204);
  });

  it('when a session signed in more than 10 minutes ago starts enrolling, then 403 reauthentication_required until a fresh sign-in', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    clock.advance(10 * 60_000 + 1000);
    const stale = await request(platform.url).post('/me/totp').set(bearer(owner.token));
    expectProblem(stale, 403, 'reauthentication_required', 'startTotpEnrollment');
    const fresh = await signIn(platform, owner.email);
    const started = await request(platform.url).post('/me/totp').set(bearer(fresh));
    expect(started.status).toBe(201);
    expectContract(started, 'startTotpEnrollment');
  });

  it('when a TOTP code or a recovery code is given a second time, then 401 unauthorized, and a spent recovery code does not remove the factor (400)', async () => {
    const { owner, secret, codes } = await enrolled();
    const session = (factor: Record<string, string>) =>
      request(platform.url)
        .post('/sessions')
        .send({ email: owner.email, password: PASSWORD, ...factor });
    // The code that confirmed is spent; the next step's is good once.
    expectProblem(await session({ totpCode: totpCode(secret, clock.now()) }), 401, 'unauthorized', 'createSession');
    const next = totpCode(secret, new Date(clock.now().getTime() + 30_000));
    expect((await session({ totpCode: next })).status).toBe(201);
    expectProblem(await session({ totpCode: next }), 401, 'unauthorized', 'createSession');
    expect((await session({ recoveryCode: codes[0].toUpperCase() })).status).toBe(201);
    expectProblem(await session({ recoveryCode: codes[0] }), 401, 'unauthorized', 'createSession');
    const disabling = await request(platform.url).delete('/me/totp').set(bearer(owner.token)).send({ recoveryCode: codes[0] });
    expectProblem(disabling, 400, 'totp_invalid', 'disableTotp');
    expectProblem(await session({}), 401, 'totp_required', 'createSession');
  });

  it('when recovery codes are issued, then each has 80 random bits and no unkeyed digest of one reaches the disk', async () => {
    const { owner, codes } = await enrolled();
    for (const code of codes) expect(code).toMatch(/^[0-9a-f]{5}(-[0-9a-f]{5}){3}$/);
    const dir = path.join(platform.dataDir, 'gateway');
    const onDisk = readdirSync(dir)
      .map((f) => readFileSync(path.join(dir, f), 'latin1'))
      .join('\n');
    for (const code of codes) expect(onDisk).not.toContain(createHash('sha256').update(code).digest('hex'));
    const signedIn = await request(platform.url).post('/sessions').send({ email: owner.email, password: PASSWORD, recoveryCode: codes[3] });
    expect(signedIn.status).toBe(201);
  });
});
