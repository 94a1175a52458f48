import request from 'supertest';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { auth } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';

let platform: TestPlatform;
let key: string;
beforeAll(async () => {
  platform = await startTestPlatform();
  ({ key } = await platform.newTenant());
});
afterAll(() => platform.stop());

describe('identities', () => {
  it('when listing, reading and deleting, then the tenant sees its own identities only', async () => {
    const created = await request(platform.url).post('/identities').set(auth(key)).send({ domain: 'gone.example.test' });
    const listed = await request(platform.url).get('/identities?limit=2').set(auth(key));
    expectContract(listed, 'listIdentities');
    expect(listed.body.limit).toBe(2);
    expect(listed.body.data[0].id).toBe(created.body.id);
    const other = await platform.newTenant();
    expectProblem(await request(platform.url).get(`/identities/${created.body.id}`).set(auth(other.key)), 404, 'not_found', 'getIdentity');
    expectProblem(
      await request(platform.url).delete(`/identities/${created.body.id}`).set(auth(other.key)),
      404,
      'not_found',
      'deleteIdentity',
    );
    await request(platform.url).get(`/identities/${created.body.id}`).set(auth(key)).expect(200);
    await request(platform.url).delete(`/identities/${created.body.id}`).set(auth(key)).expect(204);
    expectProblem(await request(platform.url).get(`/identities/${created.body.id}`).set(auth(key)), 404, 'not_found', 'getIdentity');
  });
});
