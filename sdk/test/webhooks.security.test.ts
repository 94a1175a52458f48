import { Webhook } from 'standardwebhooks';
import { tenantWithDomain } from '../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../test/support/platform';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/support/webhook-receiver';
import { verifyWebhook, WebhookVerificationError } from '../src';
import { sdkFor } from './support/recording-fetch';

describe('SDK: verifyWebhook on real deliveries from the platform', () => {
  let platform: TestPlatform;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    platform = await startTestPlatform();
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.stop();
    await platform.stop();
  });

  async function deliveryOfASend() {
    const t = await tenantWithDomain(platform);
    const mailplane = sdkFor(platform, t.key);
    const endpoint = await mailplane.webhooks.create({ url: receiver.url, eventTypes: ['email.queued'] });
    const before = receiver.received.length;
    const sent = await mailplane.emails.send({ from: `a@${t.domain}`, to: 'jo@example.org', subject: 'Hook', text: 'x' });
    const [delivery] = (await receiver.waitFor(before + 1)).slice(before);
    return { mailplane, endpoint, sent, delivery };
  }

  it('when a delivery arrives, then it verifies with the endpoint secret and returns the typed event', async () => {
    const { endpoint, sent, delivery } = await deliveryOfASend();
    const event = verifyWebhook(delivery.body, delivery.headers, endpoint.secret);
    expect(event).toMatchObject({ id: delivery.headers['webhook-id'], type: 'email.queued' });
    if (event.type !== 'email.queued') throw new Error('narrowing');
    expect(event.data.messageId).toBe(sent.id);
    expect(event).toEqual(new Webhook(endpoint.secret).verify(delivery.body, delivery.headers as Record<string, string>));
  });

  it('when a delivery was made, then the delivery log lists it and a redelivery sends the same event again, signed afresh', async () => {
    const { mailplane, endpoint, delivery } = await deliveryOfASend();
    const id = delivery.headers['webhook-id'];
    const log = await mailplane.webhooks.deliveries(endpoint.id, { eventType: 'email.queued' });
    const [logged] = log.data;
    expect(logged).toMatchObject({ eventId: id, endpointId: endpoint.id });
    const before = receiver.received.length;
    await mailplane.webhooks.redeliver(logged.id);
    const [again] = (await receiver.waitFor(before + 1)).slice(before);
    expect(verifyWebhook(again.body, again.headers, endpoint.secret)).toMatchObject({ id, type: 'email.queued' });
  });

  it('when the body, the secret or the signature is not the signed one, then verification throws', async () => {
    const { endpoint, delivery } = await deliveryOfASend();
    const other = await deliveryOfASend();
    const tampered = delivery.body.replace('"Hook"', '"Hooked"');
    expect(tampered).not.toBe(delivery.body);
    expect(() => verifyWebhook(tampered, delivery.headers, endpoint.secret)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(delivery.body, delivery.headers, other.endpoint.secret)).toThrow(WebhookVerificationError);
    const swapped = { ...delivery.headers, 'webhook-signature': other.delivery.headers['webhook-signature'] };
    expect(() => verifyWebhook(delivery.body, swapped, endpoint.secret)).toThrow(WebhookVerificationError);
    const unsigned = { ...delivery.headers, 'webhook-signature': undefined };
    expect(() => verifyWebhook(delivery.body, unsigned, endpoint.secret)).toThrow(WebhookVerificationError);
  });

  it('when the timestamp is more than the tolerance away from the clock, then verification throws', async () => {
    const { endpoint, delivery } = await deliveryOfASend();
    const sentAt = Number(delivery.headers['webhook-timestamp']) * 1000;
    const at = (offsetSeconds: number) => ({ now: () => new Date(sentAt + offsetSeconds * 1000) });
    expect(verifyWebhook(delivery.body, delivery.headers, endpoint.secret, at(299)).type).toBe('email.queued');
    expect(verifyWebhook(delivery.body, delivery.headers, endpoint.secret, at(-299)).type).toBe('email.queued');
    expect(() => verifyWebhook(delivery.body, delivery.headers, endpoint.secret, at(301))).toThrow(/tolerance/);
    expect(() => verifyWebhook(delivery.body, delivery.headers, endpoint.secret, at(-301))).toThrow(/tolerance/);
    expect(verifyWebhook(delivery.body, delivery.headers, endpoint.secret, { ...at(900), toleranceSeconds: 1000 }).type).toBe(
      'email.queued',
    );
  });

  it('when the secret was rotated, then deliveries verify with the new secret and, for a while, the previous one', async () => {
    const { mailplane, endpoint } = await deliveryOfASend();
    const rotated = await mailplane.webhooks.rotateSecret(endpoint.id);
    expect(rotated.secret).not.toBe(endpoint.secret);
    const before = receiver.received.length;
    const identities = await mailplane.identities.list();
    const domain = identities.data[0].domain;
    await mailplane.emails.send({ from: `a@${domain}`, to: 'jo@example.org', subject: 'After', text: 'x' });
    const [delivery] = (await receiver.waitFor(before + 1)).slice(before);
    expect(verifyWebhook(delivery.body, delivery.headers, rotated.secret).type).toBe('email.queued');
    expect(verifyWebhook(delivery.body, delivery.headers, endpoint.secret).type).toBe('email.queued');
  });
});
