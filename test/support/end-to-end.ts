import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { subscribedTenant } from './billing';
import { expectContract } from './contract';
import { eventually } from './eventually';
import { auth, deliveredWithLink, headerOf, suppressedAddresses, tenantWithDomain, verifyWithPublishedRecord, waitForStatus } from './mail';
import type { PlatformUnderTest } from './platform';
import { startWebhookReceiver } from './webhook-receiver';

// Generous: on the cluster a message crosses RabbitMQ, several processes and the balancer, on a shared machine.
const ARRIVAL_MS = 30_000;

/**
 * What a newcomer does first, through the public API and the sandbox only, so it holds of any way the platform runs
 * (the embedded default, the cluster): send and receive with DKIM, the unsubscribe page, a checkout paid in the
 * sandbox provider, a webhook delivered. `sandboxKey` is the key the first start printed.
 */
export function endToEndChecks(platform: () => PlatformUnderTest, sandboxKey: () => string) {
  const url = () => platform().url;
  const arrived = (id: string) => platform().sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === id, ARRIVAL_MS);

  it('when the sandbox tenant sends out of the box, then its mail reaches the sandbox MTA signed, and it is sent', async () => {
    const res = await request(url())
      .post('/emails')
      .set(auth(sandboxKey()))
      .send({ from: 'hello@sandbox.mailplane.test', to: 'you@example.com', subject: 'Hi', text: 'It works' });
    expect(res.status).toBe(202);
    expectContract(res, 'sendEmail');
    expect((await arrived(res.body.id)).dkim?.result).toBe('pass');
    expectContract(await waitForStatus(url(), sandboxKey(), res.body.id, 'sent', ARRIVAL_MS), 'getEmail');
  });

  it('when a tenant sends from a domain it verified in the sandbox DNS, then the MTA receives it with a signature mailauth verifies', async () => {
    const t = await tenantWithDomain(platform());
    const res = await request(url())
      .post('/emails')
      .set(auth(t.key))
      .send({ from: `Acme <hello@${t.domain}>`, to: 'jane@example.org', subject: 'Your receipt', text: 'Thanks', html: '<p>Thanks</p>' });
    expect(res.status).toBe(202);
    const received = await arrived(res.body.id);
    const verdict = await verifyWithPublishedRecord(received.raw, t.identity.dnsRecords);
    expect({ result: verdict.status.result, domain: verdict.signingDomain }).toEqual({ result: 'pass', domain: t.domain });
  });

  it("when a recipient opens the email's unsubscribe link and confirms, then the page posts the token back and the address is suppressed", async () => {
    const t = await tenantWithDomain(platform());
    const { link, token } = await deliveredWithLink(platform(), t, 'reader@example.org', ARRIVAL_MS);
    const page = await request(link).get('');
    expect(page.status).toBe(200);
    expectContract(page, 'showUnsubscribePage');
    expect(page.text).toContain(`value="${token}"`);
    const confirmed = await request(url()).post('/unsubscribe').type('form').send({ token });
    expect(confirmed.status).toBe(200);
    expect(await suppressedAddresses(platform(), t.key)).toEqual(['reader@example.org']);
  });

  it('when a tenant pays a checkout in the sandbox provider, then the provider tells billing and the plan applies', async () => {
    const { key } = await subscribedTenant(platform(), 'starter', ARRIVAL_MS);
    await eventually(
      async () => (await request(url()).get('/billing/state').set(auth(key))).body.plan === 'starter',
      'the plan',
      ARRIVAL_MS,
    );
    const state = await request(url()).get('/billing/state').set(auth(key));
    expectContract(state, 'getBillingState');
    expect(state.body).toMatchObject({ hasSubscription: true, status: 'active', plan: 'starter', monthlyEmailQuota: 20000 });
  });

  it("when an email is sent, then the tenant's endpoint receives email.sent, signed per Standard Webhooks", async () => {
    const t = await tenantWithDomain(platform());
    const receiver = await startWebhookReceiver();
    try {
      const endpoint = await request(url())
        .post('/webhooks/endpoints')
        .set(auth(t.key))
        .send({ url: receiver.url, eventTypes: ['email.sent'] });
      expect(endpoint.status).toBe(201);
      const res = await request(url())
        .post('/emails')
        .set(auth(t.key))
        .send({ from: `a@${t.domain}`, to: 'b@example.org', subject: 'hooked', text: 'x' });
      const [hook] = await receiver.waitFor(1, ARRIVAL_MS);
      const event = new Webhook(endpoint.body.secret).verify(hook.body, hook.headers as Record<string, string>);
      expect(event).toMatchObject({ type: 'email.sent', data: { messageId: res.body.id } });
    } finally {
      await receiver.stop();
    }
  });
}
