import request from 'supertest';
import { createLogger } from '@mailplane/runtime';
import { eventually } from './support/eventually';
import { auth, tenantWithDomain, waitForStatus } from './support/mail';
import { ADMIN_TOKEN, startTestPlatform, type TestPlatform } from './support/platform';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

type Line = Record<string, unknown> & { msg: string; level: string };

describe('logs: one request followed end to end', () => {
  const raw: string[] = [];
  const lines = () => raw.map((l) => JSON.parse(l) as Line);
  let platform: TestPlatform;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // The platform's real log, captured line by line as it would reach stdout.
    platform = await startTestPlatform({}, undefined, undefined, createLogger({ level: 'info', write: (line) => raw.push(line) }));
  });
  afterAll(async () => {
    await platform.stop();
    await receiver.stop();
  });

  it('when an email is sent with a request id, then the gateway, mail and webhook lines carry it, the delivery too, and no key appears', async () => {
    const t = await tenantWithDomain(platform);
    await request(platform.url)
      .post('/webhooks/endpoints')
      .set(auth(t.key))
      .send({ url: receiver.url, eventTypes: ['email.sent'] })
      .expect(201);
    const requestId = `trace-${Date.now()}`;
    const sent = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .set('X-Request-Id', requestId)
      .send({ from: `a@${t.domain}`, to: 'r@example.org', subject: 'followed', text: 'secret body text' });
    expect(sent.status).toBe(202);
    await waitForStatus(platform.url, t.key, sent.body.id, 'sent');
    const [hook] = await receiver.waitFor(1, 15_000);
    expect(hook.headers['mailplane-request-id']).toBe(requestId);
    await eventually(() => lines().some((l) => l.msg === 'webhook delivery attempt' && l.requestId === requestId), 'the delivery line');

    const gatewayLine = lines().find((l) => l.msg === 'request' && l.requestId === requestId);
    expect(gatewayLine).toMatchObject({ service: 'gateway', operation: 'sendEmail', method: 'POST', status: 202, tenantId: t.tenantId });
    expect(typeof gatewayLine!.durationMs).toBe('number');
    const mailLines = lines().filter((l) => l.service === 'mail' && l.requestId === requestId);
    expect(mailLines.map((l) => l.msg)).toEqual(expect.arrayContaining(['email accepted', 'email sent']));
    expect(mailLines.find((l) => l.msg === 'email sent')).toMatchObject({ messageId: sent.body.id, smtpCode: 250 });
    expect(lines().find((l) => l.msg === 'webhook delivery attempt' && l.requestId === requestId)).toMatchObject({
      service: 'webhooks',
      outcome: 'delivered',
      statusCode: 200,
    });

    const all = raw.join('\n');
    expect(all).not.toContain(t.key);
    expect(all).not.toContain(t.key.split('_').slice(2).join('_')); // the random part, which may itself hold '_'
    expect(all).not.toContain(platform.sandboxTenant!.apiKey);
    expect(all).not.toContain(ADMIN_TOKEN);
    expect(all).not.toContain('secret body text');
    expect(all).not.toMatch(/authorization/i);
  });

  it('when the platform started, then each service logged it with what it listens on', () => {
    const started = lines().filter((l) => /started|listening/.test(l.msg));
    expect(started.find((l) => l.msg === 'gateway listening')?.url).toBe(platform.url);
    expect(started.map((l) => l.service ?? 'platform')).toEqual(
      expect.arrayContaining(['gateway', 'billing', 'mail', 'webhooks', 'platform']),
    );
  });
});
