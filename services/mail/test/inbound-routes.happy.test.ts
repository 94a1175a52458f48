import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { auth } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';
import { createRoute, receivingTenant, sendIn } from '../../../test/support/inbound';

const platform = sharedPlatform();

describe('inbound routes', () => {
  it('when a route is created, read, listed, changed and deleted, then each answer follows the contract and says so', async () => {
    const t = await receivingTenant(platform);
    const created = await request(platform.url)
      .post('/inbound/routes')
      .set(auth(t.key))
      .send({ pattern: `Support@${t.domain}`, action: { type: 'webhook' }, description: 'Help desk' })
      .expect(201);
    expectContract(created, 'createInboundRoute');
    expect(created.body).toMatchObject({
      pattern: `support@${t.domain}`,
      action: { type: 'webhook', endpointId: null },
      refuseUnauthenticated: false,
      description: 'Help desk',
    });
    const id = created.body.id;

    const got = await request(platform.url).get(`/inbound/routes/${id}`).set(auth(t.key)).expect(200);
    expectContract(got, 'getInboundRoute');
    expect(got.body).toEqual(created.body);

    const listed = await request(platform.url).get('/inbound/routes').set(auth(t.key)).expect(200);
    expectContract(listed, 'listInboundRoutes');
    expect(listed.body).toMatchObject({ total: 1, data: [created.body] });

    const changed = await request(platform.url)
      .patch(`/inbound/routes/${id}`)
      .set(auth(t.key))
      .send({ action: { type: 'reject', code: 550, message: 'This desk moved to help@' }, description: null })
      .expect(200);
    expectContract(changed, 'updateInboundRoute');
    expect(changed.body).toMatchObject({ action: { type: 'reject', code: 550, message: 'This desk moved to help@' }, description: null });

    const deleted = await request(platform.url).delete(`/inbound/routes/${id}`).set(auth(t.key)).expect(204);
    expectContract(deleted, 'deleteInboundRoute');
    const left = await request(platform.url).get('/inbound/routes').set(auth(t.key)).expect(200);
    expect(left.body.data.map((r: { id: string }) => r.id)).not.toContain(id);
  });

  it('when a route is changed to reject, then the next RCPT gets its code and text', async () => {
    const t = await receivingTenant(platform);
    const route = await createRoute(platform, t.key, { pattern: `old@${t.domain}`, action: { type: 'hold' } });
    expect((await sendIn(platform, { from: 'a@elsewhere.example', to: `old@${t.domain}`, subject: 'before', text: 'x' })).code).toBe(250);
    await request(platform.url)
      .patch(`/inbound/routes/${route.id}`)
      .set(auth(t.key))
      .send({ action: { type: 'reject', code: 551, message: 'User moved, write to new@' } })
      .expect(200);
    const refused = await sendIn(platform, { from: 'a@elsewhere.example', to: `old@${t.domain}`, subject: 'after', text: 'x' });
    expect(refused.code).toBe(551);
    expect(refused.response).toMatch(/^551 5\.7\.1 User moved, write to new@/);
  });

  it('when a route is deleted, then its addresses are refused at RCPT again', async () => {
    const t = await receivingTenant(platform);
    const route = await createRoute(platform, t.key, { pattern: `*@${t.domain}`, action: { type: 'hold' } });
    expect((await sendIn(platform, { from: 'a@elsewhere.example', to: `x@${t.domain}`, subject: 'in', text: 'x' })).code).toBe(250);
    await request(platform.url).delete(`/inbound/routes/${route.id}`).set(auth(t.key)).expect(204);
    const refused = await sendIn(platform, { from: 'a@elsewhere.example', to: `x@${t.domain}`, subject: 'out', text: 'x' });
    expect(refused.code).toBe(550);
    // What was received before stays readable.
    expect((await request(platform.url).get('/inbound/messages').set(auth(t.key))).body.total).toBe(1);
  });
});
