import request from 'supertest';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { auth, expectEachToSendNothing, tenantWithDomain } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';

let platform: TestPlatform;
let t: Awaited<ReturnType<typeof tenantWithDomain>>;

beforeAll(async () => {
  // As in the distributed mode without TRACKING_URL: no platform host to carry tracked links.
  platform = await startTestPlatform({ SEND_RATE_LIMIT: '1000', TRACKING_URL: '' });
  t = await tenantWithDomain(platform);
});
afterAll(() => platform.stop());

const send = (extra: object) =>
  request(platform.url)
    .post('/emails')
    .set(auth(t.key))
    .send({ from: `a@${t.domain}`, to: 'b@example.org', subject: 'x', html: '<a href="https://example.com/">x</a>', ...extra });

describe('tracking that cannot be carried is refused', () => {
  describe('sends', () => {
    expectEachToSendNothing(
      () => platform,
      () => t.key,
    );

    it('when a send asks for tracking and no tracking domain is verified, then 400 tracking_domain_unverified at /body/tracking', async () => {
      const res = await send({ tracking: { clicks: true } });
      expectProblem(res, 400, 'tracking_domain_unverified', 'sendEmail');
      expect(res.body.errors[0].path).toBe('/body/tracking');
    });

    it('when the tracking domain is set but its CNAME not found yet, then still 400', async () => {
      await request(platform.url)
        .patch(`/identities/${t.identity.id}`)
        .set(auth(t.key))
        .send({ trackingDomain: `links.${t.domain}` })
        .expect(200);
      const verified = await request(platform.url).post(`/identities/${t.identity.id}/verify`).set(auth(t.key));
      expect(verified.body.dnsRecords.find((r: { purpose: string }) => r.purpose === 'tracking').status).toBe('missing');
      expectProblem(await send({ tracking: { opens: true } }), 400, 'tracking_domain_unverified', 'sendEmail');
    });
  });

  it('when the send turns tracking off, then it goes out untracked', async () => {
    const res = await send({ tracking: { opens: false, clicks: false } });
    expectContract(res, 'sendEmail');
    expect(res.status).toBe(202);
  });

  it.each([
    ['a domain outside the identity', 'track.elsewhere.example', '/body/trackingDomain'],
    ['the identity domain itself', null, '/body/trackingDomain'],
  ])('when the tracking domain is %s, then 400 validation_failed and nothing changes', async (_label, domainOf, path) => {
    const domain = domainOf ?? t.domain;
    const res = await request(platform.url).patch(`/identities/${t.identity.id}`).set(auth(t.key)).send({ trackingDomain: domain });
    expectProblem(res, 400, 'validation_failed', 'updateIdentity');
    expect(res.body.errors[0].path).toBe(path);
    const identity = await request(platform.url).get(`/identities/${t.identity.id}`).set(auth(t.key));
    expect(identity.body.trackingDomain).toBe(`links.${t.domain}`);
  });

  it("when a stranger changes the identity's tracking, then 404 and nothing changes", async () => {
    const stranger = await platform.newTenant();
    const res = await request(platform.url)
      .patch(`/identities/${t.identity.id}`)
      .set(auth(stranger.key))
      .send({ tracking: { opens: true } });
    expectProblem(res, 404, 'not_found', 'updateIdentity');
    expect((await request(platform.url).get(`/identities/${t.identity.id}`).set(auth(t.key))).body.tracking).toEqual({
      opens: false,
      clicks: false,
    });
  });
});
