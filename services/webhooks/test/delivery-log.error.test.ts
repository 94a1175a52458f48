import request from 'supertest';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { eventually } from '../../../test/support/eventually';
import { auth, tenantWithDomain, sendEmail } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver';

let platform: TestPlatform;
let receiver: WebhookReceiver;
beforeAll(async () => {
  platform = await startTestPlatform({ WEBHOOK_RETRY_SCHEDULE: '100ms', SEND_RATE_LIMIT: '1000' });
});
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(() => receiver.stop());
afterAll(() => platform.stop());

async function tenantWithDelivery(status: 'failed' | 'pending') {
  const t = await tenantWithDomain(platform);
  const endpoint = (
    await request(platform.url)
      .post('/webhooks/endpoints')
      .set(auth(t.key))
      .send({ url: receiver.url, eventTypes: ['email.queued'] })
      .expect(201)
  ).body;
  // A pending delivery waits 30 s for its retry, as the endpoint asks; a failed one ran out of its two attempts.
  receiver.answerNext(503, status === 'pending' ? { 'Retry-After': '30' } : {}, 2);
  await sendEmail(platform, t, { to: 'b@example.org' });
  const deliveries = `/webhooks/endpoints/${endpoint.id}/deliveries`;
  let delivery = { id: '', status: '', attempts: [] as unknown[] };
  await eventually(async () => {
    [delivery] = (await request(platform.url).get(deliveries).set(auth(t.key))).body.data;
    return delivery?.status === status && delivery.attempts.length > 0;
  }, `a ${status} delivery`);
  return { ...t, endpoint, delivery };
}
const redeliver = (key: string, id: string) => request(platform.url).post(`/webhooks/deliveries/${id}/redeliver`).set(auth(key));
const replay = (key: string, endpointId: string, body: object) =>
  request(platform.url).post(`/webhooks/endpoints/${endpointId}/replay`).set(auth(key)).send(body);

describe('webhook redelivery of a delivery waiting for its retry', () => {
  it('when the delivery is pending, waiting 30 s for its retry, then redeliver attempts it at once instead of refusing', async () => {
    const t = await tenantWithDelivery('pending');
    const res = await redeliver(t.key, t.delivery.id);
    expect(res.status).toBe(202);
    expectContract(res, 'redeliverWebhook');
    expect(res.body).toMatchObject({ id: t.delivery.id, status: 'pending', redeliveredAt: expect.any(String) });
    const [first, again] = await receiver.waitFor(2, 5000);
    expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
  });
});

describe('webhook redelivery and replay, refused', () => {
  it('when the endpoint is disabled, then redeliver and replay are 409 endpoint_disabled and nothing is sent', async () => {
    const t = await tenantWithDelivery('failed');
    await request(platform.url).patch(`/webhooks/endpoints/${t.endpoint.id}`).set(auth(t.key)).send({ disabled: true }).expect(204);
    expectProblem(await redeliver(t.key, t.delivery.id), 409, 'endpoint_disabled', 'redeliverWebhook');
    const since = new Date(0).toISOString();
    expectProblem(await replay(t.key, t.endpoint.id, { since }), 409, 'endpoint_disabled', 'replayWebhookDeliveries');
    const read = await request(platform.url).get(`/webhooks/deliveries/${t.delivery.id}`).set(auth(t.key));
    expect(read.body).toMatchObject({ status: 'failed', redeliveredAt: null });
    expect(receiver.received).toHaveLength(2);
  });

  it('when the endpoint was deleted, then redelivering its delivery is 404, and so is its log', async () => {
    const t = await tenantWithDelivery('failed');
    await request(platform.url).delete(`/webhooks/endpoints/${t.endpoint.id}`).set(auth(t.key)).expect(204);
    expectProblem(await redeliver(t.key, t.delivery.id), 404, 'not_found', 'redeliverWebhook');
    const log = await request(platform.url).get(`/webhooks/endpoints/${t.endpoint.id}/deliveries`).set(auth(t.key));
    expectProblem(log, 404, 'not_found', 'listWebhookDeliveries');
  });

  it('when ids, filters or the replay body are wrong, then 400 or 404', async () => {
    const { key } = await platform.newTenant();
    const unknown = 'whd_00000000000000000000000000';
    expectProblem(
      await request(platform.url).get(`/webhooks/deliveries/${unknown}`).set(auth(key)),
      404,
      'not_found',
      'getWebhookDelivery',
    );
    expectProblem(await redeliver(key, unknown), 404, 'not_found', 'redeliverWebhook');
    expectProblem(
      await request(platform.url).get('/webhooks/deliveries/whe_00000000000000000000000000').set(auth(key)),
      400,
      'validation_failed',
    );
    const endpoint = (
      await request(platform.url)
        .post('/webhooks/endpoints')
        .set(auth(key))
        .send({ url: receiver.url, eventTypes: ['*'] })
    ).body;
    const log = `/webhooks/endpoints/${endpoint.id}/deliveries`;
    for (const query of ['?status=lost', '?eventType=email.teleported', '?limit=101']) {
      expectProblem(
        await request(platform.url)
          .get(log + query)
          .set(auth(key)),
        400,
        'validation_failed',
        'listWebhookDeliveries',
      );
    }
    for (const body of [{}, { since: 'yesterday' }, { since: new Date().toISOString(), status: 'failed' }]) {
      expectProblem(await replay(key, endpoint.id, body), 400, 'validation_failed', 'replayWebhookDeliveries');
    }
  });
});
