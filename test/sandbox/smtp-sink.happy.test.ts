import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { mailauthDkimVerifier } from '../../sandbox/dkim-verdict';
import { startSandboxDns, type SandboxDns } from '../../sandbox/dns-server';
import { startSmtpSink, type SmtpSink } from '../../sandbox/smtp-sink';
import { sinkPageHandler } from '../../sandbox/smtp-sink-page';
import { dkimTxtValue, generateDkimKeyPair } from '../../services/mail/src/dkim/keys';
import { renderMime } from '../../services/mail/src/mime/render';
import { eventually } from '../support/eventually';
import { createTxtResolver } from '../../services/mail/src/dns/resolver';
import { createDkimSigner } from '../../services/mail/src/dkim/signer';

describe('sandbox SMTP sink', () => {
  let dns: SandboxDns;
  let sink: SmtpSink;
  let page: Server;
  let pageUrl: string;
  let transport: ReturnType<typeof nodemailer.createTransport>;

  beforeAll(async () => {
    // The recipients' DNS, where the sink looks up DKIM keys.
    dns = await startSandboxDns();
    const resolver = createTxtResolver({ servers: [`${dns.host}:${dns.port}`], timeoutMs: 1000 });
    // The recipients' MTA under test.
    sink = await startSmtpSink({ verifyDkim: mailauthDkimVerifier(resolver.resolve) });
    // The sink's mailbox page, served the way the embedded launcher would.
    page = createServer(sinkPageHandler(sink)).listen(0, '127.0.0.1');
    await once(page, 'listening');
    pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/`;
    // One pooled connection: smtp-server holds every new connection 100 ms to catch early talkers.
    transport = nodemailer.createTransport({
      host: sink.host,
      port: sink.port,
      secure: false,
      ignoreTLS: true,
      pool: true,
      maxConnections: 1,
    });
  });
  afterAll(async () => {
    transport.close();
    await new Promise((resolve) => page.close(resolve));
    await Promise.all([sink.stop(), dns.stop()]);
  });
  beforeEach(() => {
    sink.clear();
    sink.behaviour.reset();
  });

  const send = (subject: string, to = 'ana@recipient.example') =>
    transport.sendMail({ from: 'app@send.example.com', to, subject, text: `body of ${subject}` });

  it('when mail is sent over SMTP, then it is stored with envelope, parsed headers and text', async () => {
    await send('Hello sink', 'ana@recipient.example, bo@recipient.example');
    const [message] = sink.messages();
    expect(sink.count()).toBe(1);
    expect(message.envelope).toEqual({ from: 'app@send.example.com', to: ['ana@recipient.example', 'bo@recipient.example'] });
    expect(message.subject).toBe('Hello sink');
    expect(message.text.trim()).toBe('body of Hello sink');
    expect(message.headers).toContainEqual({ name: 'Subject', value: 'Hello sink' });
    expect(message.raw.toString()).toContain('Subject: Hello sink');
    expect(message.dkim).toEqual({ result: 'none', domain: null, selector: null });
  });

  it('when a DKIM-signed message arrives, then the sink verifies it against the sandbox DNS', async () => {
    const key = await generateDkimKeyPair();
    dns.setTxt('mp1._domainkey.send.example.com', [dkimTxtValue(key.publicKeyBase64)]);
    const raw = await renderMime({
      from: 'app@send.example.com',
      to: 'ana@recipient.example',
      subject: 'Signed',
      text: 'Signed\u00a0body',
      messageId: 'msg_signed',
      sendingDomain: 'send.example.com',
      date: new Date(),
      listUnsubscribeUrl: 'https://u.example/u?t=1',
    });
    const signed = createDkimSigner().sign(raw, { domain: 'send.example.com', selector: 'mp1', privateKeyPem: key.privateKeyPem });
    await transport.sendMail({ envelope: { from: 'app@send.example.com', to: ['ana@recipient.example'] }, raw: signed });
    const message = await sink.waitFor((m) => m.subject === 'Signed', 2000);
    expect(message.dkim).toEqual({ result: 'pass', domain: 'send.example.com', selector: 'mp1' });
  });

  it('when failNext is set, then the sender sees that SMTP code and the sink stores nothing until it is used up', async () => {
    sink.behaviour.failNext(1, { code: 451, message: 'greylisted, try later' });
    sink.behaviour.failNext(1, { code: 550, message: 'content rejected', stage: 'data' });
    await expect(send('first')).rejects.toMatchObject({ responseCode: 451 });
    await expect(send('second')).rejects.toMatchObject({ responseCode: 550, code: 'EMESSAGE' });
    expect(sink.count()).toBe(0);
    await send('third');
    expect(sink.messages().map((m) => m.subject)).toEqual(['third']);
  });

  it('when failing at RCPT with several recipients, then the whole transaction is refused', async () => {
    sink.behaviour.failNext(1, { code: 550, message: 'no such user' });
    await expect(send('all refused', 'a@recipient.example, b@recipient.example')).rejects.toMatchObject({
      responseCode: 550,
      code: 'EENVELOPE',
    });
    expect(sink.count()).toBe(0);
  });

  it('when waiting for a message, then waitFor resolves as it arrives and times out otherwise', async () => {
    const arriving = sink.waitFor((m) => m.subject === 'awaited', 2000);
    await send('awaited');
    await expect(arriving).resolves.toMatchObject({ subject: 'awaited' });
    await expect(sink.waitFor((m) => m.subject === 'never', 50)).rejects.toThrow(/no matching message within 50 ms/);
  });

  it('when slow mode is on, then the 250 reply waits for the delay and the message is stored before it', async () => {
    sink.behaviour.setDelay(150);
    const started = Date.now();
    await send('slow');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(sink.count()).toBe(1);
  });

  it('when a sender is killed in the middle of a held message, then the sink stays up and takes the next one', async () => {
    sink.holdReplies(true);
    // A raw client that sends a whole message, then vanishes with a TCP reset while the sink holds its reply.
    const socket = connect(sink.port, sink.host);
    const replies: string[] = [];
    socket.on('data', (chunk) => replies.push(chunk.toString()));
    socket.on('error', () => undefined);
    const waitReply = async (count: number) => {
      for (const deadline = Date.now() + 3000; replies.join('').split('\r\n').filter(Boolean).length < count;) {
        if (Date.now() > deadline) throw new Error(`no SMTP reply: ${replies.join('')}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    await waitReply(1);
    socket.write('HELO killed.example\r\n');
    await waitReply(2);
    for (const [i, line] of ['MAIL FROM:<a@killed.example>', 'RCPT TO:<b@recipient.example>', 'DATA'].entries()) {
      socket.write(`${line}\r\n`);
      await waitReply(3 + i);
    }
    socket.write('Subject: held\r\n\r\nbody\r\n.\r\n');
    await eventually(() => sink.held().length === 1, 'the sink to hold the reply to the sender it will reset');
    socket.resetAndDestroy();
    await new Promise((r) => socket.once('close', r));
    // The held 250 now goes to a connection its sender reset.
    sink.holdReplies(false);
    await send('After the reset');
    expect(sink.messages().map((m) => m.subject)).toContain('After the reset');
  });

  it('when the mailbox page is opened, then it lists mail newest first with escaped subjects and DKIM badges', async () => {
    await send('older');
    await send('<script>alert(1)</script> & more');
    const list = await (await fetch(pageUrl)).text();
    expect(list).not.toContain('<script>alert');
    expect(list).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(list.indexOf('alert(1)')).toBeLessThan(list.indexOf('older'));
    expect(list).toContain('class="badge">none</span>');

    const newest = sink.messages()[1];
    const detail = await fetch(`${pageUrl}?id=${newest.id}`);
    expect(detail.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await detail.text();
    expect(html).toContain('<th>Subject</th>');
    expect(html).not.toContain('<script>alert');
  });
});
