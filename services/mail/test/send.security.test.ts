import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { auth, expectEachToSendNothing, tenantWithDomain, sharedTenantWithDomain } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000' });
const t = sharedTenantWithDomain(platform);

const valid = () => ({ from: `a@${t.domain}`, to: 'b@example.org', subject: 'hi', text: 'x' });

describe('bad sends are refused with a problem and queue nothing', () => {
  expectEachToSendNothing(
    () => platform,
    () => t.key,
  );

  it("when another tenant's identity is named, then 400 and nothing is sent for it", async () => {
    const other = await tenantWithDomain(platform);
    const res = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ ...valid(), from: `a@${other.domain}`, identityId: other.identity.id });
    expectProblem(res, 400, 'identity_unverified', 'sendEmail');
  });
});

describe('custom headers cannot pose as what a forwarder or a verifier added', () => {
  expectEachToSendNothing(
    () => platform,
    () => t.key,
  );

  it.each([
    'Resent-From',
    'resent-sender',
    'Resent-To',
    'RESENT-MESSAGE-ID',
    'Authentication-Results',
    'ARC-Seal',
    'arc-message-signature',
    'ARC-Authentication-Results',
    'Received-SPF',
    'X-Mailplane-Message-Id',
  ])('when a send sets %s, then 400 naming the field and nothing is sent', async (name) => {
    const res = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ ...valid(), headers: { [name]: 'v' } });
    expectProblem(res, 400, 'validation_failed', 'sendEmail');
    expect(JSON.stringify(res.body)).toContain(name);
  });
});

describe('headers that only resemble reserved ones', () => {
  it('when a send sets an ordinary X- header, then it is accepted', async () => {
    await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ ...valid(), headers: { 'X-Arc-Note': 'v', 'X-Resent': 'v' } })
      .expect(202);
  });
});
