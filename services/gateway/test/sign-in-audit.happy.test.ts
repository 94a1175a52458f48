import request from 'supertest';
import { eventually } from '../../../test/support/eventually';
import { expectContract } from '../../../test/support/contract';
import { mailedLink } from '../../../test/support/member-links';
import { bearer, newMember, newOwner, PASSWORD } from '../../../test/support/members';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();

describe('sign-ins in the audit log', () => {
  it('when a member signs in by password and by a mailed link, then the log an owner reads holds one record of each, the member its actor, with the client address and user agent, and neither the password nor the token', async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const viewer = await newMember(platform, owner.token, 'viewer');
    const byPassword = await request(platform.url)
      .post('/sessions')
      .set('User-Agent', 'signing-in/1.0')
      .send({ email: viewer.email, password: PASSWORD })
      .expect(201);
    await request(platform.url).post('/sign-in-links').send({ email: viewer.email }).expect(202);
    const { token } = await mailedLink(platform, viewer.email, /sign-in link/, '/sign-in/link');
    const byLink = await request(platform.url).post('/sign-in-links/confirm').set('User-Agent', 'by-link/2.0').send({ token }).expect(201);

    const recordOf = async (res: request.Response) => {
      const log = await request(platform.url).get('/audit-log').query({ targetId: viewer.id }).set(bearer(owner.token));
      expectContract(log, 'listAuditLog');
      return (log.body.data as Array<Record<string, unknown>>).filter((r) => r.requestId === res.headers['x-request-id']);
    };
    let records: Array<Record<string, unknown>> = [];
    await eventually(
      async () => (records = [...(await recordOf(byPassword)), ...(await recordOf(byLink))]).length >= 2,
      'both sign-ins logged',
    );
    const member = { type: 'member', id: viewer.id };
    const signIn = (operationId: string, userAgent: string, method: string) => ({
      operationId,
      actor: member,
      target: member,
      userAgent,
      changes: { method, secondFactor: false },
    });
    // One record of each, in this order (an array matches only one of its own length).
    expect(records).toMatchObject([
      signIn('createSession', 'signing-in/1.0', 'password'),
      signIn('confirmSignInLink', 'by-link/2.0', 'link'),
    ]);
    for (const record of records) expect(record.ip).toMatch(/127\.0\.0\.1|::1/);
    const written = JSON.stringify(records);
    for (const secret of [PASSWORD, token, byPassword.body.token, byLink.body.token]) expect(written).not.toContain(secret);
  });
});
