import nodemailer from 'nodemailer';
import request from 'supertest';
import { midData, startInboundServices, type InboundServices } from './support/distributed-inbound';
import { describeWithRabbit } from './support/env';
import { eventually } from './support/eventually';
import { auth } from './support/mail';

const MESSAGE = [
  'From: Jo Customer <jo@customer.example>',
  'To: support@in-crash.example.test',
  'Subject: Order 42',
  'Message-ID: <order-42-crash@customer.example>',
  '',
  'The first half of the body, then the second half.',
  '',
].join('\r\n');

// Mail as a process of its own is SIGKILLed while a sending MTA is in the middle of DATA on its inbound listener.
describeWithRabbit('distributed mode: the mail process killed during an inbound transaction', () => {
  let services: InboundServices;
  beforeAll(async () => {
    services = await startInboundServices();
  }, 120_000);
  afterAll(() => services?.stop());

  const list = async (key: string) => (await request(services.url).get('/inbound/messages').set(auth(key)).expect(200)).body;

  it('when mail is SIGKILLed mid-DATA, then the client gets no 250, nothing half-stored appears, and after a restart the resent message is accepted and delivered once', async () => {
    const t = await services.receivingTenant('in-crash.example.test');
    const to = 'support@in-crash.example.test';
    const smtp = await midData(`smtp://127.0.0.1:${services.inboundPort}`, to, MESSAGE.slice(0, MESSAGE.indexOf(', then')));

    await services.procs.get('mail')!.kill('SIGKILL');
    // The connection dies with the process: no reply at all, so the sending MTA keeps the message and tries again.
    const answer = await Promise.race([smtp.reply(), smtp.closed.then(() => null)]);
    expect(answer).toBeNull();

    await services.start('mail');
    expect(await list(t.key)).toMatchObject({ total: 0, data: [] });

    const mta = nodemailer.createTransport({ host: '127.0.0.1', port: services.inboundPort, tls: { rejectUnauthorized: false } });
    try {
      const resent = await mta.sendMail({ envelope: { from: 'jo@customer.example', to: [to] }, raw: MESSAGE });
      expect(resent.response).toMatch(/^250 2\.0\.0 Ok: inb_/);
      // A later message's event as the mark that everything before it was announced.
      await mta.sendMail({
        envelope: { from: 'jo@customer.example', to: ['mark@in-crash.example.test'] },
        raw: 'Subject: mark\r\n\r\nx\r\n',
      });
    } finally {
      mta.close();
    }
    await eventually(() => services.receivedFor('mark@in-crash.example.test').length > 0, 'the mark announced', 15_000);
    expect(services.receivedFor(to)).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ subject: 'Order 42', text: expect.stringContaining('second half') }) }),
    ]);
    const stored = await list(t.key);
    expect(stored.data.filter((m: { recipient: string }) => m.recipient === to)).toEqual([
      expect.objectContaining({ subject: 'Order 42', from: 'Jo Customer <jo@customer.example>' }),
    ]);
  }, 120_000);
});
