import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { auth, tenantWithDomain, sendEmail } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000' });

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('scheduled emails belong to their tenant', () => {
  it('when another tenant reads, moves or cancels a scheduled email, then 404 and it stays as it was', async () => {
    const owner = await tenantWithDomain(platform);
    const other = await tenantWithDomain(platform);
    const at = inMs(60_000);
    const res = await sendEmail(platform, owner, { to: 'b@example.org', subject: 'mine', scheduledAt: at }).expect(202);
    const id = res.body.id;
    expectProblem(await request(platform.url).get(`/emails/${id}`).set(auth(other.key)), 404, 'not_found', 'getEmail');
    expectProblem(
      await request(platform.url)
        .patch(`/emails/${id}`)
        .set(auth(other.key))
        .send({ scheduledAt: inMs(120_000) }),
      404,
      'not_found',
      'updateEmail',
    );
    expectProblem(await request(platform.url).post(`/emails/${id}/cancel`).set(auth(other.key)), 404, 'not_found', 'cancelEmail');
    expect((await request(platform.url).get(`/emails/${id}`).set(auth(owner.key))).body).toMatchObject({
      status: 'scheduled',
      scheduledAt: at,
    });
  });

  it('when a sending-only key schedules, then it may; moving or canceling needs a full key (401 restricted_api_key)', async () => {
    const owner = await tenantWithDomain(platform);
    const created = await request(platform.url)
      .post('/api-keys')
      .set(auth(owner.key))
      .send({ name: 'sender', permission: 'sending' })
      .expect(201);
    const sendingKey = created.body.key as string;
    const res = await request(platform.url)
      .post('/emails')
      .set(auth(sendingKey))
      .send({ from: `a@${owner.domain}`, to: 'b@example.org', subject: 'by the sender', text: 'x', scheduledAt: inMs(60_000) })
      .expect(202);
    expect(res.body.status).toBe('scheduled');
    expectProblem(
      await request(platform.url)
        .patch(`/emails/${res.body.id}`)
        .set(auth(sendingKey))
        .send({ scheduledAt: inMs(120_000) }),
      401,
      'restricted_api_key',
    );
    expectProblem(await request(platform.url).post(`/emails/${res.body.id}/cancel`).set(auth(sendingKey)), 401, 'restricted_api_key');
    expect((await request(platform.url).get(`/emails/${res.body.id}`).set(auth(owner.key))).body.status).toBe('scheduled');
  });

  it('when no key is given, then 401 before anything is looked up', async () => {
    expectProblem(await request(platform.url).post('/emails/msg_00000000000000000000000000/cancel'), 401, 'unauthorized');
  });
});
