import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { startSmtpSink, type SmtpSink } from '../../sandbox/smtp-sink';
import { sinkPageHandler } from '../../sandbox/smtp-sink-page';

describe('sandbox SMTP sink: what its mailbox page refuses', () => {
  let sink: SmtpSink;
  let page: Server;
  let pageUrl: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    // The sink's mailbox page, served the way the embedded launcher would.
    page = createServer(sinkPageHandler(sink)).listen(0, '127.0.0.1');
    await once(page, 'listening');
    pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise((resolve) => page.close(resolve));
    await sink.stop();
  });

  it('when the page is asked for a message the sink never received, then 404 naming the id, escaped', async () => {
    const transport = nodemailer.createTransport({ host: sink.host, port: sink.port, secure: false, ignoreTLS: true });
    try {
      await transport.sendMail({ from: 'app@send.example.com', to: 'ana@recipient.example', subject: 'kept', text: 'x' });
    } finally {
      transport.close();
    }
    const [kept] = sink.messages();
    expect((await fetch(`${pageUrl}?id=${kept.id}`)).status).toBe(200);
    const missing = await fetch(`${pageUrl}?id=${encodeURIComponent('<b>nope</b>')}`);
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(html).toContain('No message &lt;b&gt;nope&lt;/b&gt;');
    expect(html).not.toContain('<b>nope');
  });
});
