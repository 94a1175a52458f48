import nodemailer from 'nodemailer';
import request from 'supertest';
import { expectContract } from './support/contract';
import { INBOUND_MX_HOST, startInboundServices, type InboundServices } from './support/distributed-inbound';
import { describeWithRabbit } from './support/env';
import { eventually } from './support/eventually';
import { auth } from './support/mail';
import { describeWithSwaks, swaks } from './support/submission';

// Mail (with its inbound MX listener), webhooks and the gateway as processes of their own over RabbitMQ: a message a
// remote MTA hands to mail's listener reaches the tenant's endpoint through webhooks, and its API through the gateway.
describeWithRabbit('distributed mode: inbound mail on the mail service', () => {
  let services: InboundServices;
  beforeAll(async () => {
    services = await startInboundServices();
  }, 120_000);
  afterAll(() => services?.stop());

  it('when a remote MTA sends with nodemailer to the MX the identity shows, then mail stores it, the endpoint gets email.received and GET /inbound/messages reads it back', async () => {
    const domain = 'in-dist.example.test';
    const t = await services.receivingTenant(domain);
    // The MX record a tenant is told to publish names the platform's MX host.
    expect(t.mx).toMatchObject({ name: domain, value: INBOUND_MX_HOST });
    const to = `support@${domain}`;
    const mta = nodemailer.createTransport({
      host: '127.0.0.1',
      port: services.inboundPort,
      secure: false,
      tls: { rejectUnauthorized: false },
    });
    try {
      const info = await mta.sendMail({
        from: 'Jo Customer <jo@customer.example>',
        to,
        subject: 'Where is my order?',
        text: 'Order 42 has not arrived.',
        messageId: '<order-42@customer.example>',
      });
      expect(info.response).toMatch(/^250 2\.0\.0 Ok: inb_[0-9a-z]{26}$/);
    } finally {
      mta.close();
    }
    await eventually(() => services.receivedFor(to).length > 0, 'email.received at the endpoint', 15_000);
    const [event] = services.receivedFor(to);
    expect(event.data).toMatchObject({
      recipient: to,
      envelope: { from: 'jo@customer.example', to: [to], tls: true },
      from: { address: 'jo@customer.example' },
      subject: 'Where is my order?',
      internetMessageId: '<order-42@customer.example>',
      text: expect.stringContaining('Order 42 has not arrived.'),
    });
    const list = await request(services.url).get('/inbound/messages').set(auth(t.key)).expect(200);
    expectContract(list, 'listInboundMessages');
    expect(list.body.data).toEqual([expect.objectContaining({ id: event.data.inboundId, recipient: to, subject: 'Where is my order?' })]);
  });

  describeWithSwaks('with swaks', () => {
    it('when swaks delivers over STARTTLS to the inbound listener, then the message is accepted with 250 and announced once', async () => {
      const domain = 'in-swaks.example.test';
      const t = await services.receivingTenant(domain);
      const to = `orders@${domain}`;
      const run = await swaks([
        ...['--server', '127.0.0.1', '--port', String(services.inboundPort), '--tls'],
        ...['--from', 'buyer@customer.example', '--to', to, '--header', 'Subject: over swaks'],
      ]);
      expect(run.status).toBe(0);
      expect(run.output).toMatch(/<~ {2}250 2\.0\.0 Ok: inb_/);
      await eventually(() => services.receivedFor(to).length > 0, 'email.received of the swaks message', 15_000);
      expect(services.receivedFor(to)).toEqual([expect.objectContaining({ data: expect.objectContaining({ subject: 'over swaks' }) })]);
      expect((await request(services.url).get('/inbound/messages').set(auth(t.key))).body.total).toBe(1);
    });
  });
});
