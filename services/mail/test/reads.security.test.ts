import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { auth, tenantWithDomain, sendEmail } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();

describe('GET /emails', () => {
  it('when another tenant reads a message, then 404; and its list is empty', async () => {
    const t = await tenantWithDomain(platform);
    const sent = await sendEmail(platform, t, { subject: 'mine' }).expect(202);
    const other = await platform.newTenant();
    const res = await request(platform.url).get(`/emails/${sent.body.id}`).set(auth(other.key));
    expectProblem(res, 404, 'not_found', 'getEmail');
    expect((await request(platform.url).get('/emails').set(auth(other.key))).body.total).toBe(0);
  });
});
