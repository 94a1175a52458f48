import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { eventually } from '../../../test/support/eventually';
import { auth, tenantWithDomain, sendEmail } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver';

let platform: TestPlatform;
let receiver: WebhookReceiver;
beforeAll(async () => {
  platform = await startTestPlatform({ WEBHOOK_RETRY_SCHEDULE: '100ms' });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.stop();
  await platform.stop();
});

describe("another tenant's webhook deliveries", () => {
  it('when its endpoint or delivery ids are used, then 404 everywhere, nothing is sent again and its log is unchanged', async () => {
    const owner = await tenantWithDomain(platform);
    const { key: other } = await platform.newTenant('another tenant');
    const endpoint = (
      await request(platform.url)
        .post('/webhooks/endpoints')
        .set(auth(owner.key))
        .send({ url: receiver.url, eventTypes: ['email.queued'] })
    ).body;
    receiver.answerNext(500, {}, 2);
    await sendEmail(platform, owner, { to: 'b@example.org' }).expect(202);
    const log = `/webhooks/endpoints/${endpoint.id}/deliveries`;
    let before = { data: [{ id: '', status: '' }] };
    await eventually(async () => {
      before = (await request(platform.url).get(log).set(auth(owner.key))).body;
      return before.data[0]?.status === 'failed';
    }, 'the failed delivery');
    const id = before.data[0].id;

    expectProblem(await request(platform.url).get(log).set(auth(other)), 404, 'not_found', 'listWebhookDeliveries');
    expectProblem(await request(platform.url).get(`/webhooks/deliveries/${id}`).set(auth(other)), 404, 'not_found', 'getWebhookDelivery');
    expectProblem(
      await request(platform.url).post(`/webhooks/deliveries/${id}/redeliver`).set(auth(other)),
      404,
      'not_found',
      'redeliverWebhook',
    );
    const replay = await request(platform.url)
      .post(`/webhooks/endpoints/${endpoint.id}/replay`)
      .set(auth(other))
      .send({ since: new Date(0).toISOString() });
    expectProblem(replay, 404, 'not_found', 'replayWebhookDeliveries');

    expect((await request(platform.url).get(log).set(auth(owner.key))).body).toEqual(before);
    expect(receiver.received).toHaveLength(2);
  });

  it('when a sending-only key asks for the log, then 401 restricted_api_key', async () => {
    const { key } = await platform.newTenant();
    const sending = (await request(platform.url).post('/api-keys').set(auth(key)).send({ name: 'send', permission: 'sending' })).body.key;
    const endpoint = (
      await request(platform.url)
        .post('/webhooks/endpoints')
        .set(auth(key))
        .send({ url: receiver.url, eventTypes: ['*'] })
    ).body;
    const res = await request(platform.url).get(`/webhooks/endpoints/${endpoint.id}/deliveries`).set(auth(sending));
    expectProblem(res, 401, 'restricted_api_key', 'listWebhookDeliveries');
  });
});
