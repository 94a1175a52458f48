import request from 'supertest';
import { eventually } from '../../../test/support/eventually';
import { auth, tenantWithDomain, sendEmail } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver';
import { travellingClock } from '../../../test/support/travelling-platform';

const clock = travellingClock();
let platform: TestPlatform;
let receiver: WebhookReceiver;
beforeAll(async () => {
  platform = await startTestPlatform(
    {
      WEBHOOK_RETRY_SCHEDULE: '100ms,100ms,100ms,100ms,100ms',
      WEBHOOK_DELIVERY_RETENTION_DAYS: '30',
      WEBHOOK_RETENTION_PURGE_MS: '50',
      SEND_RATE_LIMIT: '1000',
    },
    undefined,
    clock,
  );
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.stop();
  await platform.stop();
});

describe('webhook delivery retention', () => {
  it('when a settled delivery is older than the retention period, then it is deleted; a younger one and a pending one are kept', async () => {
    const t = await tenantWithDomain(platform);
    const endpoint = (
      await request(platform.url)
        .post('/webhooks/endpoints')
        .set(auth(t.key))
        .send({ url: receiver.url, eventTypes: ['email.queued'] })
    ).body;
    const log = `/webhooks/endpoints/${endpoint.id}/deliveries`;
    const deliveries = async (): Promise<{ id: string; status: string }[]> =>
      (await request(platform.url).get(log).set(auth(t.key))).body.data;
    const send = async (count: number, status: string) => {
      await sendEmail(platform, t, { to: 'b@example.org' });
      await eventually(async () => {
        const all = await deliveries();
        return all.length === count && all[0].status === status;
      }, `delivery ${count} ${status}`);
      return (await deliveries())[0].id;
    };
    const exists = async (id: string) => (await request(platform.url).get(`/webhooks/deliveries/${id}`).set(auth(t.key))).status === 200;

    const old = await send(1, 'succeeded');
    clock.travelDays(20);
    const younger = await send(2, 'succeeded');
    // The endpoint keeps failing with a day's Retry-After: whenever the travelling clock makes a retry due, it
    // fails again, so this delivery stays pending for the rest of the test.
    receiver.answerNext(503, { 'Retry-After': '86400' }, 100);
    const pending = await send(3, 'pending');
    clock.travelDays(11);

    await eventually(async () => !(await exists(old)), 'the delivery older than 30 days to be purged', 10_000);
    expect(await exists(younger)).toBe(true);
    expect(await exists(pending)).toBe(true);
    clock.travelDays(30);
    await eventually(async () => !(await exists(younger)), 'the younger delivery to be purged in its turn', 10_000);
    expect(await exists(pending)).toBe(true);
  }, 30_000);
});
