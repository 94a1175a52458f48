import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { auth, tenantWithDomain } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.stop());

describe('GET /emails', () => {
  it('when another tenant reads a message, then 404; and its list is empty', async () => {
    const t = await tenantWithDomain(platform);
    const sent = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ from: `a@${t.domain}`, to: 'r@example.org', subject: 'mine', text: 'x' })
      .expect(202);
    const other = await platform.newTenant();
    const res = await request(platform.url).get(`/emails/${sent.body.id}`).set(auth(other.key));
    expectProblem(res, 404, 'not_found', 'getEmail');
    expect((await request(platform.url).get('/emails').set(auth(other.key))).body.total).toBe(0);
  });
});
