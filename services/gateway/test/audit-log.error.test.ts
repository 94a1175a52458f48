import request from 'supertest';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { sharedPlatform } from '../../../test/support/platform';
import { auth } from '../../../test/support/mail';

const platform = sharedPlatform();

const get = (key: string, query: Record<string, string>) => request(platform.url).get('/audit-log').query(query).set(auth(key));

describe('audit log', () => {
  it('when the cursor was not issued by the log, then 400 naming the cursor', async () => {
    const { key } = await platform.newTenant();
    const res = await get(key, { cursor: Buffer.from('msg_00000000000000000000000000').toString('base64url') });
    expectProblem(res, 400, 'validation_failed', 'listAuditLog');
    expect(res.body.errors).toEqual([expect.objectContaining({ path: '/query/cursor' })]);
  });

  it('when the time range is empty or reversed, then 400 naming `from`', async () => {
    const { key } = await platform.newTenant();
    const res = await get(key, { from: '2026-11-26T10:00:00Z', to: '2026-11-26T10:00:00Z' });
    expectProblem(res, 400, 'validation_failed', 'listAuditLog');
    expect(res.body.errors).toEqual([expect.objectContaining({ path: '/query/from' })]);
  });

  it('when a filter has the wrong shape, then 400 naming it', async () => {
    const { key } = await platform.newTenant();
    for (const [name, value] of [
      ['actorId', 'msg_00000000000000000000000000'],
      ['targetId', 'nope'],
      ['operationId', 'DROP TABLE'],
      ['limit', '101'],
    ]) {
      const res = await get(key, { [name]: value });
      expectProblem(res, 400, 'validation_failed', 'listAuditLog');
      expect(res.body.errors[0].path).toBe(`/query/${name}`);
    }
  });

  it('when a change is refused, then it leaves no record', async () => {
    const { key } = await platform.newTenant();
    const res = await request(platform.url).delete('/api-keys/key_00000000000000000000000000').set(auth(key));
    expectProblem(res, 404, 'not_found', 'revokeApiKey');
    const log = await get(key, { operationId: 'revokeApiKey' });
    expectContract(log, 'listAuditLog');
    expect(log.body.data).toEqual([]);
  });
});
